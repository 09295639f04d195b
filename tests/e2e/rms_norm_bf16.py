# RMS norm of BF16 data with an FP32 epsilon parameter, computed in FP32:
# x (32x64, BF16, two 16-row blocks) and gamma (a BF16 row) are cast up,
# y = x * rsqrt(mean(x^2) + eps) * gamma is cast back to BF16.
import pypto.language as pl

ROWS = 32
COLS = 64
BLOCK = 16


@pl.program
class RmsNormBf16:
    @pl.function(type=pl.FunctionType.InCore)
    def rms_norm_bf16(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.BF16],
        gamma: pl.Tensor[[1, COLS], pl.BF16],
        eps: pl.Scalar[pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.BF16]],
    ) -> pl.Tensor[[ROWS, COLS], pl.BF16]:
        g = pl.cast(pl.load(gamma, [0, 0], [1, COLS]), target_type=pl.FP32)
        for i, (acc,) in pl.range(0, ROWS, BLOCK, init_values=(y,)):
            t = pl.cast(pl.load(x, [i, 0], [BLOCK, COLS]), target_type=pl.FP32)
            tmp = pl.create_tile([BLOCK, COLS], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            ms = pl.muls(pl.row_sum(pl.mul(t, t), tmp), 1.0 / COLS)
            r = pl.rsqrt(pl.adds(ms, eps))
            out = pl.col_expand_mul(pl.row_expand_mul(t, r), g)
            stored = pl.store(pl.cast(out, target_type=pl.BF16, mode="rint"), [i, 0], [BLOCK, COLS], acc)
            acc = pl.yield_(stored)
        return acc
