# pld.tensor.remote_store of a view at an offset of a kernel parameter,
# and of a value the kernel computes: the source is loaded into a Vec
# tile and pushed with pld.tile.remote_store.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RemoteStoreView:
    @pl.function(type=pl.FunctionType.InCore)
    def push_rows(self, x: pl.Tensor[[32, 64], pl.FP32], data: pld.DistributedTensor[[16, 64], pl.FP32],
                  peer: pl.Scalar[pl.INT32], n: pl.Scalar[pl.INDEX]):
        for i in pl.range(2):
            src = pl.slice(x, [8, 64], [16 + i * 8, 0], valid_shape=[8, pl.min(n, 64)])
            pld.tensor.remote_store(src, data, peer, [i * 8, 0])

    @pl.function(type=pl.FunctionType.InCore)
    def push_sum(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32],
                 data: pld.DistributedTensor[[16, 64], pl.FP32], peer: pl.Scalar[pl.INT32]):
        s = pl.add(x, y)
        pld.tensor.remote_store(s, data, peer, [0, 0])
