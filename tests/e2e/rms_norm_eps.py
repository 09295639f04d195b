# RMS norm with the epsilon a scalar parameter, over 16-row blocks of a
# 32x64 tensor: y = x * rsqrt(mean(x^2) + eps) * gamma.  The row statistics
# are the [16, 1] results of row_sum, which muls, adds (of the scalar
# parameter) and rsqrt work on before row_expand_mul spreads them back.
import pypto.language as pl

ROWS = 32
COLS = 64
BLOCK = 16


@pl.program
class RmsNormEps:
    @pl.function(type=pl.FunctionType.InCore)
    def rms_norm_eps(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        gamma: pl.Tensor[[1, COLS], pl.FP32],
        eps: pl.Scalar[pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        g = pl.load(gamma, [0, 0], [1, COLS])
        for i, (acc,) in pl.range(0, ROWS, BLOCK, init_values=(y,)):
            t = pl.load(x, [i, 0], [BLOCK, COLS])
            tmp = pl.create_tile([BLOCK, COLS], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            ms = pl.muls(pl.row_sum(pl.mul(t, t), tmp), 1.0 / COLS)
            r = pl.rsqrt(pl.adds(ms, eps))
            out = pl.col_expand_mul(pl.row_expand_mul(t, r), g)
            stored = pl.store(out, [i, 0], [BLOCK, COLS], acc)
            acc = pl.yield_(stored)
        return acc
