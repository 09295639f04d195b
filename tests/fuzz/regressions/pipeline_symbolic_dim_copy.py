# fuzz_pipeline (UBSan): -O2 pipelined a loop whose carried tensor has a
# symbolic dimension (RWSO, a typo); copying its type passed the copy
# state where its context was expected.  Length kept at 5 mod 6 (A5, -O2).    
# GELU, tanh approximation, of a 64x128 tensor in two 32-row blocks:
# y = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), with
# tanh(z) = 1 - 2 / (exp(2z) + 1) written with mul, muls, add, exp, adds
# and recip.
import pypto.language as pl

ROWS = 64
COLS = 128
BLOCK = 32
TWO_SQRT_2_OVER_PI = 1.5957691216057308


@pl.program
class Gelu:
    @pl.function(type=pl.FunctionType.InCore)
    def gelu(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        y: pl.Out[pl.Tensor[[RWSO, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        for i, (acc,) in pl.range(0, ROWS, BLOCK, init_values=(y,)):
            t = pl.load(x, [i, 0], [BLOCK, COLS])
            cube = pl.mul(pl.mul(t, t), t)
            inner = pl.add(t, pl.muls(cube, 0.044715))
            e = pl.exp(pl.muls(inner, TWO_SQRT_2_OVER_PI))
            th = pl.adds(pl.muls(pl.recip(pl.adds(e, 1.0)), -2.0), 1.0)
            g = pl.muls(pl.mul(t, pl.adds(th, 1.0)), 0.5)
            stored = pl.store(g, [i, 0], [BLOCK, COLS], acc)
            acc = pl.yield_(stored)
        return acc
