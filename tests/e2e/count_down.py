# Loops that count down, pl.range(start, stop, step) with a negative step:
# Python's meaning (range(3, -1, -1) is 3, 2, 1, 0) in every output.
# Legalize turns each into a loop that counts up over the trip count,
# which is what scf.for and C++ loops can say: PTO MLIR used to print the
# step as it was, and scf.for (iv < ub) ran the loop zero times; the C++
# printers refused it.  The accumulations are order-dependent (acc * h +
# block), so a loop in the wrong order or the wrong count shows.  The
# second loop has run-time bounds (hi, lo: the trip count is computed,
# max(0, (hi - lo + 1) // 2)); the third runs zero times (lo > hi); the
# fourth has a step known only at run time (st = -1: the trip count
# max(0, (stop - start + st - sign(st)) / st) holds for either sign).
import pypto.language as pl

ROWS = 64
COLS = 64
BLOCK = 16


@pl.program
class CountDown:
    @pl.function(type=pl.FunctionType.InCore)
    def count_down(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        hi: pl.Scalar[pl.INT64],
        lo: pl.Scalar[pl.INT64],
        st: pl.Scalar[pl.INT64],
        y: pl.Out[pl.Tensor[[BLOCK, COLS], pl.FP32]],
        z: pl.Out[pl.Tensor[[BLOCK, COLS], pl.FP32]],
        w: pl.Out[pl.Tensor[[BLOCK, COLS], pl.FP32]],
    ) -> pl.Tensor[[BLOCK, COLS], pl.FP32]:
        zero = pl.load(x, [0, 0], [BLOCK, COLS])
        zero = pl.muls(zero, 0.0)
        for i, (acc,) in pl.range(3, -1, -1, init_values=(zero,)):
            t = pl.load(x, [i * BLOCK, 0], [BLOCK, COLS])
            acc = pl.yield_(pl.add(pl.muls(acc, 0.5), t))
        for j, (acc2,) in pl.range(hi, lo, -2, init_values=(zero,)):
            t2 = pl.load(x, [j * BLOCK, 0], [BLOCK, COLS])
            acc2 = pl.yield_(pl.add(pl.muls(acc2, 0.25), t2))
        for k, (acc3,) in pl.range(lo, hi, -1, init_values=(acc2,)):
            t3 = pl.load(x, [0, 0], [BLOCK, COLS])
            acc3 = pl.yield_(pl.add(acc3, t3))
        for m, (acc4,) in pl.range(hi, lo, st, init_values=(zero,)):
            t4 = pl.load(x, [m * BLOCK, 0], [BLOCK, COLS])
            acc4 = pl.yield_(pl.add(pl.muls(acc4, 0.75), t4))
        r = pl.store(acc, [0, 0], [BLOCK, COLS], y)
        pl.store(acc4, [0, 0], [BLOCK, COLS], w)
        pl.store(acc3, [0, 0], [BLOCK, COLS], z)
        return r
