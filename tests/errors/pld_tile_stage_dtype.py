import pypto.language as pl
import pypto.language.distributed as pld


# pld.tile.get: a staging tile of another element type than the transfer.
@pl.program
class TileStage:
    @pl.function(type=pl.FunctionType.InCore)
    def other(self, dst: pl.Out[pld.DistributedTensor[[16, 64], pl.FP16]], src: pld.DistributedTensor[[16, 64], pl.FP16],
              peer: pl.Scalar[pl.INT32]):
        wrong = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pld.tile.get(src, peer, dst, wrong)
        return
