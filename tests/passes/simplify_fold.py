# Simplify: constant folding.  The front end keeps scalar expressions as
# written (index arithmetic, scale factors, casts, conditions); Simplify
# folds every one whose operands are constants, bottom-up, wherever it
# occurs: values, call arguments (the store's offset `16 // 16 - 1`
# becomes 0), loop bounds, conditions, returns; an if whose condition
# folds is replaced by its branch.  What could depend on the
# target stays: integer "/" (the reference's INT64 FloatDiv), division by
# zero, integer overflow.  Expressions with variables are not
# reassociated.
# pyptocc-flags: --passes=convert_to_ssa,simplify
import pypto.language as pl

BLOCK = 32


@pl.program
class Fold:
    @pl.function
    def scale(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        rows: pl.Scalar[pl.INT64] = 2 * BLOCK
        half = rows // 2
        t = pl.load(a, [0, 0], [64, 64])
        inv = 1.0 / 8.0
        s = pl.muls(t, inv * 2.0)
        u = pl.adds(s, pl.cast(3, pl.FP32) * 0.5)
        r = pl.store(u, [half - BLOCK, 16 // 16 - 1], [64, 64], out)
        return r

    @pl.function
    def index(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        total: pl.Scalar[pl.INT64] = 0
        for i in pl.range(0, 4 * 16, 8 // 2):
            total = total + i * (3 - 1)
        if 10 % 3 == 1 and not False:
            total = total + (1 << 4) - abs(-5)
        limit = max(7, 2 ** 5) + min(-7 // 2, -7 % 2)
        same = (n + 1) * 2
        keep_div = 7 / 2
        keep_zero = 1 // 0
        keep_big = 9223372036854775807 + 1
        return total + limit + same + keep_div + keep_zero + keep_big
