# Loop-carried tiles and scalars in a kernel: a [16, 64] tile accumulated
# over the eight row blocks of x (acc = acc * 0.5 + block, two ops per
# iteration, so the yielded value is not the op that reads the iter_arg),
# nested loops (an inner loop over column halves, offsets from both loop
# variables), a scalar iter_arg counting blocks, and an if on it.  The
# output parameter acc_out has the name the front end gives the loop's
# result for acc (it then names that result acc_out2).
import pypto.language as pl

ROWS = 128
COLS = 64
BLOCK = 16
HALF = 32


@pl.program
class LoopCarry:
    @pl.function(type=pl.FunctionType.InCore)
    def loop_carry(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        acc_out: pl.Out[pl.Tensor[[BLOCK, COLS], pl.FP32]],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[BLOCK, COLS], pl.FP32]:
        zero = pl.block.full([BLOCK, COLS], 0.0, dtype=pl.FP32)
        count: pl.Scalar[pl.INT64] = 0
        for i, (acc, n, yy) in pl.range(0, ROWS, BLOCK, init_values=(zero, count, y)):
            t = pl.load(x, [i, 0], [BLOCK, COLS])
            half_acc = pl.muls(acc, 0.5)
            new_acc = pl.add(half_acc, t)
            for j, (yj,) in pl.range(0, COLS, HALF, init_values=(yy,)):
                part = pl.load(x, [i, j], [BLOCK, HALF])
                if n % 2 == 0:
                    q = pl.adds(part, j)
                else:
                    q = pl.muls(part, -1.0)
                st = pl.store(q, [i, j], [BLOCK, HALF], yj)
                yj = pl.yield_(st)
            acc, n, yy = pl.yield_(new_acc, n + 1, yj)
        out = pl.store(acc, [0, 0], [BLOCK, COLS], acc_out)
        return out
