# Layer norm of FP16 data with an FP32 epsilon parameter, computed in FP32:
# x (16x128, FP16) is cast up, mean = sum(x) / 128, xc = x - mean,
# rstd = rsqrt(sum(xc^2) / 128 + eps), y = xc * rstd * gamma + beta cast
# back to FP16 (gamma and beta FP16 rows, cast up as well); rstd is also an
# output ([16, 1], FP32).
import pypto.language as pl

R = 16
C = 128


@pl.program
class LayerNormF16:
    @pl.function(type=pl.FunctionType.InCore)
    def layer_norm_f16(
        self,
        x: pl.Tensor[[R, C], pl.FP16],
        gamma: pl.Tensor[[1, C], pl.FP16],
        beta: pl.Tensor[[1, C], pl.FP16],
        eps: pl.Scalar[pl.FP32],
        y: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        rstd: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP16]:
        t = pl.cast(pl.load(x, [0, 0], [R, C]), target_type=pl.FP32)
        g = pl.cast(pl.load(gamma, [0, 0], [1, C]), target_type=pl.FP32)
        b = pl.cast(pl.load(beta, [0, 0], [1, C]), target_type=pl.FP32)
        tmp = pl.create_tile([R, C], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        mu = pl.muls(pl.row_sum(t, tmp), 1.0 / C)
        xc = pl.row_expand_sub(t, mu)
        var = pl.muls(pl.row_sum(pl.mul(xc, xc), tmp), 1.0 / C)
        rs = pl.rsqrt(pl.adds(var, eps))
        n = pl.col_expand_mul(pl.row_expand_mul(xc, rs), g)
        out = pl.add(n, pl.col_expand(n, b))
        r1 = pl.store(pl.cast(out, target_type=pl.FP16, mode="rint"), [0, 0], [R, C], y)
        r2 = pl.store(rs, [0, 0], [R, 1], rstd)
        return r1
