# pyptocc-flags: --emit=pto
# pld.tile.remote_store of a tile of rank 3 stores its 2-D form, whose
# rows are the window's last leading dimension (the store has no shape
# list): a tile whose other leading extents are not 1 is a located error.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RemoteStoreNd:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        inp: pl.Tensor[[2, 16, 32], pl.FP16],
        data: pld.DistributedTensor[[2, 16, 32], pl.FP16],
        peer: pl.Scalar[pl.INT32],
    ):
        tile = pl.load(inp, [0, 0, 0], [2, 16, 32])
        pld.tile.remote_store(tile, target=data, peer=peer, offsets=[0, 0, 0])
