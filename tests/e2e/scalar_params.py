# Scalar parameters of a directly run kernel: alpha (FP32) scales the
# first n (INT64) 16-row blocks, the others get bias (INT32, cast by the
# kernel) added; an if with a Tile result inside a loop carrying the output
# tensor; scalar arithmetic on the parameters (alpha * 2.0 - 1.0, n * 16).
import pypto.language as pl

ROWS = 96
COLS = 32
BLOCK = 16


@pl.program
class ScalarParams:
    @pl.function(type=pl.FunctionType.InCore)
    def scalar_params(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        alpha: pl.Scalar[pl.FP32],
        n: pl.Scalar[pl.INT64],
        bias: pl.Scalar[pl.INT32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        a2: pl.Scalar[pl.FP32] = alpha * 2.0 - 1.0
        bf: pl.Scalar[pl.FP32] = pl.cast(bias, pl.FP32)
        for i, (acc,) in pl.range(0, ROWS, BLOCK, init_values=(y,)):
            t = pl.load(x, [i, 0], [BLOCK, COLS])
            if i < n * BLOCK:
                u = pl.muls(t, a2)
            else:
                u = pl.adds(t, bf)
            stored = pl.store(u, [i, 0], [BLOCK, COLS], acc)
            acc = pl.yield_(stored)
        return acc
