# pyptocc-flags: --emit=cpp
# The C++ of a multi-rank program passes each rank its row x[r] of a host
# tensor, a host input whole, a window, the rank r or a scalar of it; a
# row of another rank (here x[(r + 1) % N_RANKS]) is a located error, not
# a program that computes something else.
import pypto.language as pl
import pypto.language.distributed as pld

N_RANKS = 2
ROWS = 8
COLS = 8


@pl.jit.incore
def add_rank(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    rank: pl.Scalar[pl.INT32],
):
    tile = pl.load(x, [0, 0], [ROWS, COLS])
    rank_f32 = pl.cast(rank, target_type=pl.FP32)
    tile = pl.add(tile, rank_f32)
    y = pl.store(tile, [0, 0], y)
    return y


@pl.jit
def per_rank(x, y, rank):
    return add_rank(x, y, rank)


@pl.jit.host
def hello_rank(
    x: pl.Tensor[[N_RANKS, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[N_RANKS, ROWS, COLS], pl.FP32]],
):
    for r in pl.range(pld.world_size()):
        per_rank(x[(r + 1) % N_RANKS], y[r], r, device=r)
