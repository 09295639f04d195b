# pyptocc-flags: --emit=pto
import pypto.language as pl
import pypto.language.distributed as pld


# pld.tile.put: a staging tile whose shape does not divide the region
# (LowerCollectives cuts the region into chunks of its shape).
@pl.program
class TileStage:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, dst: pl.Out[pld.DistributedTensor[[16, 64], pl.FP16]], src: pld.DistributedTensor[[16, 64], pl.FP16],
               peer: pl.Scalar[pl.INT32]):
        bad = pl.tile.create([3, 64], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        pld.tile.put(dst, peer, src, bad)
        return
