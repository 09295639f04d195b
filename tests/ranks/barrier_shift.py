# A multi-rank program for tests/ranks.test: pld.tensor.barrier in a loop.
# Three rounds: each rank stages x + k in its window, meets the others at
# a barrier, adds the next rank's window to its sum, and meets them again
# before the next round overwrites what a peer may still be reading.  The
# barrier's signal must be all-zero after each (self-clearing), or the
# second round would pass early: y[r] = 3 x[r + 1] + 3.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
ROWS = 8
COLS = 32


@pl.jit.incore
def shift_rounds(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    stage: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    ctx = pld.get_comm_ctx(stage)
    me = pld.rank(ctx)
    nxt = (me + 1) % pld.nranks(ctx)
    t = pl.load(x, [0, 0], [ROWS, COLS])
    acc = pl.tile.full([ROWS, COLS], dtype=pl.FP32, value=0.0)
    for k in pl.range(3):
        kf = pl.cast(k, target_type=pl.FP32)
        mine = pl.add(t, kf)
        stage = pl.store(mine, [0, 0], stage)
        sig = pld.tensor.barrier(sig)
        got = pld.tile.remote_load(stage, peer=nxt, offsets=[0, 0], shape=[ROWS, COLS])
        acc = pl.add(acc, got)
        sig = pld.tensor.barrier(sig)
    y = pl.store(acc, [0, 0], y)
    return y


@pl.jit
def per_rank(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    stage: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    return shift_rounds(x, y, stage, sig)


@pl.jit.host
def barrier_shift(
    x: pl.Tensor[[NR, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
):
    stage_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    sig_buf = pld.alloc_window_buffer([pld.world_size(), 1], dtype=pl.INT32)
    for r in pl.range(pld.world_size()):
        stage = pld.window(stage_buf, [ROWS, COLS], dtype=pl.FP32)
        sig = pld.window(sig_buf, [pld.world_size(), 1], dtype=pl.INT32)
        per_rank(x[r], y[r], stage, sig, device=r)
