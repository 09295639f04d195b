# RMS norm over the rows of a 64x128 tensor, 16 rows per loop iteration:
# y = x * rsqrt(mean(x^2) + 1e-6) * gamma, gamma a [1, 128] row.  Uses mul,
# row_sum, muls, adds, rsqrt, row_expand_mul and col_expand_mul.
import pypto.language as pl

ROWS = 64
COLS = 128
BLOCK = 16


@pl.program
class RmsNorm:
    @pl.function(type=pl.FunctionType.InCore)
    def rms_norm(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        gamma: pl.Tensor[[1, COLS], pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        g = pl.load(gamma, [0, 0], [1, COLS])
        for i, (acc,) in pl.range(0, ROWS, BLOCK, init_values=(y,)):
            t = pl.load(x, [i, 0], [BLOCK, COLS])
            tmp = pl.create_tile([BLOCK, COLS], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            ss = pl.row_sum(pl.mul(t, t), tmp)
            ms = pl.adds(pl.muls(ss, 1.0 / COLS), 1e-6)
            r = pl.rsqrt(ms)
            n = pl.row_expand_mul(t, r)
            out = pl.col_expand_mul(n, g)
            stored = pl.store(out, [i, 0], [BLOCK, COLS], acc)
            acc = pl.yield_(stored)
        return acc
