# pyptocc-flags: --passes=convert_to_ssa
# Explicit and implicit loop-carried values together: the explicit iter_arg
# comes first in iter_args, yields and return variables; an explicit if
# yield is renamed; a name defined in both branches of a natural if but
# not before it becomes a phi; the tuple temporary is versioned.
import pypto.language as pl


@pl.program
class Mixed:
    @pl.function
    def pair(self, a: pl.Scalar[pl.INT64]) -> tuple[pl.Scalar[pl.INT64], pl.Scalar[pl.INT64]]:
        return a, a + 1

    @pl.function
    def f(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        scale = 2
        init: pl.Scalar[pl.INT64] = 0
        for i, (acc,) in pl.range(n, init_values=(init,)):
            scale = scale + 1
            acc = pl.yield_(acc + i * scale)
        if acc > 10:
            big, small = pl.yield_(acc, 0)
        else:
            big, small = pl.yield_(0, acc)
        if big > small:
            note = 1
        else:
            note = 2
        p, q = self.pair(big)
        return p + q + small + note + scale
