# A pl.split_aiv region of mode LEFT_RIGHT: each of the two AIV lanes
# loads, computes and stores half of the columns of every tile (columns
# lane*32 .. lane*32+31), the column maxima and their broadcast within its
# half, and a [1, N] bias loaded in the region is halved with them.
import pypto.language as pl

ROWS = 16
COLS = 64


@pl.jit
def split_left_right(x: pl.Tensor[[ROWS, COLS], pl.FP32], bias: pl.Tensor[[1, COLS], pl.FP32],
                     out: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
                     maxes: pl.Out[pl.Tensor[[1, COLS], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            a = pl.load(x, [0, 0], [ROWS, COLS])
            b = pl.load(bias, [0, 0], [1, COLS])
            s = pl.col_expand_add(a, b)
            m = pl.col_max(s)
            out = pl.store(pl.col_expand_sub(s, m), [0, 0], out)
            maxes = pl.store(pl.adds(m, pl.cast(lane, pl.FP32)), [0, 0], maxes)
    return out, maxes
