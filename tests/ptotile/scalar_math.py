# Scalar code as pto.* ops named after arith: floor division and
# modulo with Python semantics, min, max, abs, conversions, bit and logic
# operators, comparisons; constants once each at the top of the body.
import pypto.language as pl


@pl.program
class ScalarMath:
    @pl.function(type=pl.FunctionType.InCore)
    def scalar_math(self, x: pl.Tensor[[1024, 64], pl.FP32], out: pl.Out[pl.Tensor[[1024, 64], pl.FP32]],
                    n: pl.Scalar[pl.INT64], k: pl.Scalar[pl.INT32], s: pl.Scalar[pl.FP32],
                    h: pl.Scalar[pl.FP16], flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[1024, 64], pl.FP32]:
        row = (n // 4) % 8 * 64 + min(n, 2) - max(n, 1)
        col = abs(-n) * 0
        t = pl.load(x, [row, col], [64, 64])
        f = s * 2.0 - s / 4.0 + pl.cast(k, pl.FP32)
        g = pl.cast(h, pl.FP32) + pl.cast(n, pl.FP32)
        u = pl.adds(t, f)
        v = pl.muls(u, g)
        w = pl.subs(v, -s)
        z = pl.divs(w, pl.cast(k % 3 + (k << 1) - (k >> 2) & 7 | 1 ^ 2, pl.FP32))
        if (n < 10 and not flag) or k == 3:
            r = pl.store(z, [row, 0], [64, 64], out)
        else:
            r = pl.store(t, [row, 0], [64, 64], out)
        return r
