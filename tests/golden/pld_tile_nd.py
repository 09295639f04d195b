# pld.tile.remote_load and pld.tile.remote_store of tiles of rank 3, to
# PTO: their 2-D forms ([1, 16, 32] is [16, 32]) move through partitions
# of the window's rank, as pl.load's and pl.store's do.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TileNd:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        inp: pl.Tensor[[1, 16, 32], pl.FP16],
        data: pld.DistributedTensor[[2, 16, 32], pl.FP16],
        out: pl.Out[pl.Tensor[[1, 16, 32], pl.FP16]],
        peer: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 16, 32], pl.FP16]:
        tile = pl.load(inp, [0, 0, 0], [1, 16, 32])
        pld.tile.remote_store(tile, target=data, peer=peer, offsets=[1, 0, 0])
        back = pld.tile.remote_load(data, peer=peer, offsets=[0, 0, 0], shape=[1, 16, 32])
        return pl.store(back, [0, 0, 0], out)
