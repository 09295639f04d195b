# A slice whose bounds are one run-time offset plus two constants,
# q : q + H // 2 and q + H // 2 : q + H (a rotary embedding's two halves,
# as pypto-lib's DeepSeek and Qwen3 decode kernels write them), has a
# constant extent: the halves are of one shape.
import pypto.language as pl

H = 64


@pl.program
class Halves:
    @pl.function(type=pl.FunctionType.Opaque)
    def rotate(self, x: pl.Tensor[[4, 256], pl.FP32], y: pl.Out[pl.Tensor[[4, 256], pl.FP32]]):
        for h in pl.range(2):
            q = h * 128
            lo = x[0:1, q : q + H // 2]
            hi = x[0:1, q + H // 2 : q + H]
            mid = x[1:2, q + 8 : q + 8 + 16]
            y[0:1, q : q + H // 2] = pl.sub(lo, hi)
            y[1:2, q - 1 + 1 : q + 16] = mid
        return y
