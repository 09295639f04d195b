# A @pl.jit entry whose pl.at scope carries a tensor through a loop: the
# sum of each row's squares gathered over column chunks into a pl.full
# accumulator (a [1, R] row, reshaped from the [R, 1] partial sums), then
# each row scaled by 1 / (1 + sum) over the chunks again.
#   y[r, c] = x[r, c] * 3 / (1 + sum_k x[r, k]^2)
import pypto.language as pl

ROWS = 128
COLS = 256
R = 32
C = 64


@pl.jit
def jit_chunks(x: pl.Tensor[[ROWS, COLS], pl.FP32], y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]):
    for r in pl.parallel(0, ROWS, R):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="chunks"):
            acc = pl.full([1, R], dtype=pl.FP32, value=1.0)
            for cb in pl.range(COLS // C):
                c0 = cb * C
                part = pl.row_sum(pl.mul(x[r : r + R, c0 : c0 + C], x[r : r + R, c0 : c0 + C]))
                acc = pl.add(acc, pl.reshape(part, [1, R]))
            scale = pl.reshape(pl.recip(acc), [R, 1])
            for cb in pl.range(COLS // C):
                c0 = cb * C
                y[r : r + R, c0 : c0 + C] = pl.mul(pl.row_expand_mul(x[r : r + R, c0 : c0 + C], scale), 3.0)
    return y
