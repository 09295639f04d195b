# pyptocc-flags: --arch=a5 --emit=pto
# On A5 a Vec tile moves into Mat across the vector-to-cube pipe.  A
# [4, 128] FP16 Mat tile is held padded to whole fractal boxes ([16, 128],
# valid in 4 rows), but pto-isa's pop fills a Mat tile's whole shape from
# the slot, not its valid part: an error at the pop.
import pypto.language as pl


@pl.program
class PadMatmulVecToMat:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(self, x: pl.Tensor[[4, 128], pl.FP16], w: pl.Tensor[[128, 32], pl.FP16],
           y: pl.Out[pl.Tensor[[4, 32], pl.FP32]]) -> pl.Tensor[[4, 32], pl.FP32]:
        xv = pl.load(x, [0, 0], [4, 128])
        xm = pl.move(xv, target_memory=pl.MemorySpace.Mat)
        wm = pl.load(w, [0, 0], [128, 32], target_memory=pl.MemorySpace.Mat)
        p = pl.matmul(xm, wm)
        return pl.store(p, [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 128], pl.FP16], w: pl.Tensor[[128, 32], pl.FP16],
             y: pl.Out[pl.Tensor[[4, 32], pl.FP32]]) -> pl.Tensor[[4, 32], pl.FP32]:
        y = self.mm(x, w, y)
        return y
