# fuzz_pipeline (the MLIR lint oracle): a Vec tile of FP32 stored into an
# FP16 tensor by a store whose result is not kept printed a pto.tstore
# that PTOAS's verifier rejects (one element width) and a TSTORE that
# pto-isa and the runtime reject; InitMemRef checked stores only when their
# result was assigned.  Now a located error (tests/errors/store_dtype).
# Loops that count down, pl.range(start, stop, step) with a negative step:
# Python's meaning (range(3, -1, -1) is 3, 2, 1, 0) in every output.
# L
# printers refused it.  The accumulations are order-dependent (acc * h +
# block), so a loop in the wrong order or the wrong count shows.  The
# second loop has run-time bounds (hi, lo: the trip count is computed,
# max(0, (hi - lo + 1) // 2)); the third runs zero times (lo > hi).
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
        y: pl.Out[pl.Tensor[[BLOCK, COLS], pl.FP32]],
        z: pl.Out[pl.Tensor[[BLOCK, COLS], pl.FP16]],
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
        r = pl.store(acc, [0, 0], [BLOCK, COLS], y)
        pl.store(acc3, [0, 0], [BLOCK, COLS], z)
        return r
