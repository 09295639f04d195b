# Simplify inside loops and branches: definitions used only by a yield
# stay; dead ones in a loop body or a branch go (an emptied branch prints
# as `pass`); iter_args, loop and branch return variables and the loops
# themselves stay even when nothing reads their results (removing them
# would change the control structure).  Folding reaches bounds, init
# values, conditions and yields, and a while condition.
# pyptocc-flags: --passes=convert_to_ssa,simplify
import pypto.language as pl


@pl.program
class Control:
    @pl.function
    def accumulate(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Tile[[64, 64], pl.FP32]:
        acc = pl.load(a, [0, 0], [64, 64])
        count: pl.Scalar[pl.INT64] = 0 * 1
        for i in pl.range(1 + 1, 2 * 4, 1):
            t = pl.exp(acc)
            unused_tile = pl.neg(t)
            step = i * (2 + 3)
            unused_step = step - 1
            acc = pl.add(acc, t)
            count = count + 1
        if n > 2 - 1:
            probe = pl.abs(acc)
            debug = n * 100
        else:
            acc = pl.muls(acc, 3.0 - 1.0)
        if n > 5:
            debug = n * 100
        k: pl.Scalar[pl.INT64] = 0
        while k < 3 * 3:
            k = k + 2 * 1
        return acc
