# A load whose valid shape is partly known at run time: n rows (a scalar)
# by a constant 8 of the tile's 16 columns.  It moves that valid part
# (pto-isa's TLOAD takes a GlobalTensor of the tile's valid shape, the
# constant columns as much as the run-time rows), here from column 8 on:
#   y[i, j] = x[i, 8 + j] + 1 for i < n, j < 8; the rest is not written.
import pypto.language as pl

ROWS = 16
COLS = 32


@pl.function(type=pl.FunctionType.InCore)
def valid_mixed_load(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    n: pl.Scalar[pl.INDEX],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
    t = pl.load(x, [0, 8], [ROWS, 16], valid_shape=[n, 8])
    y = pl.store(pl.adds(t, 1.0), [0, 0], y)
    return y
