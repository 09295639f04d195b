# pyptocc-flags: --arch=a5
# On A5 a Vec tile moves into Mat across the vector-to-cube pipe: a
# [4, 128] FP16 Vec tile (whole 32-byte rows) is popped into a Mat tile
# held padded to whole fractal boxes ([16, 128], valid in 4 rows), which
# takes it as its valid part; then y = x @ w.
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
