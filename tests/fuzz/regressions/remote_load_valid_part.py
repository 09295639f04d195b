# Fuzz finding on c0bf52b (seeded with pypto's pld tests): a remote load
# whose tile is valid in part ([1, 8192] valid in [1, 17]) passed Legalize
# and stopped the PTO printer ("store shape ... differs from the tile's
# valid shape"): the transfer rules took a remote load for a store.  Now
# it is a load, checked by Legalize, and moves the valid part.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        data: pld.DistributedTensor[[1, 17], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 17], pl.FP32]],
        peer: pl.Scalar[pl.INT32],
    ):
        tile = pld.tile.remote_load(data, peer=peer, offsets=[0, 0], shape=[1, 8192], valid_shape=[1, 17])
        return pl.store(tile, [0, 0], out)
