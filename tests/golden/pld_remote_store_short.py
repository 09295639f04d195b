# pld.remote_store, the short form, is the tile op or the tensor op by
# the level of its source: a tile pushes with pld.tile.remote_store, a
# tensor with pld.tensor.remote_store (pypto's short forms dispatch on
# the operand).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RemoteStoreShort:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_level(self, x: pl.Tensor[[16, 32], pl.FP32], data: pld.DistributedTensor[[64, 32], pl.FP32],
                   peer: pl.Scalar[pl.INT32]):
        t = pl.load(x, [0, 0], [16, 32])
        pld.remote_store(t, data, peer, [16, 0])

    @pl.function(type=pl.FunctionType.InCore)
    def tensor_level(self, x: pl.Tensor[[16, 32], pl.FP32], data: pld.DistributedTensor[[64, 32], pl.FP32],
                     peer: pl.Scalar[pl.INT32]):
        pld.remote_store(x, data, peer, [32, 0])
