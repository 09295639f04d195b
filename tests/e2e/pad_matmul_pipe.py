# A decode-style product of cube tiles held padded to whole fractal boxes,
# in a mixed kernel: the [4, 32] FP32 result (held in Acc as [16, 32],
# valid in 4 rows) crosses the cube-to-vector pipe as its valid part into
# a [4, 32] Vec tile, which the vector side scales and stores.
# y = (x @ w) * 0.5.
import pypto.language as pl


@pl.program
class PadMatmulPipe:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(self, x: pl.Tensor[[4, 128], pl.FP16], w: pl.Tensor[[128, 32], pl.FP16],
           y: pl.Out[pl.Tensor[[4, 32], pl.FP32]]) -> pl.Tensor[[4, 32], pl.FP32]:
        xm = pl.load(x, [0, 0], [4, 128], target_memory=pl.MemorySpace.Mat)
        wm = pl.load(w, [0, 0], [128, 32], target_memory=pl.MemorySpace.Mat)
        p = pl.matmul(xm, wm)
        v = pl.move(p, target_memory=pl.MemorySpace.Vec)
        s = pl.muls(v, 0.5)
        return pl.store(s, [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 128], pl.FP16], w: pl.Tensor[[128, 32], pl.FP16],
             y: pl.Out[pl.Tensor[[4, 32], pl.FP32]]) -> pl.Tensor[[4, 32], pl.FP32]:
        y = self.mm(x, w, y)
        return y
