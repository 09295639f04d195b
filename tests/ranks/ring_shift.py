# A multi-rank program for tests/ranks.test: each rank r stages its row of
# x in a window, tells the next rank its data is there (a Set notify on the
# next rank's signal cell r), waits until the previous rank has told it the
# same, then reads the previous rank's window with a remote load: y[r] =
# x[r - 1] + r (rank 0 reads rank n - 1).  The signal window is an input
# (signalling a peer writes nothing of this rank's).  Signals, windows and remote loads
# of a number of ranks known only at run time.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
ROWS = 8
COLS = 32


@pl.jit.incore
def shift_step(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    stage: pl.InOut[pld.DistributedTensor[[ROWS, COLS], pl.FP32]],
    flags: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    ctx = pld.get_comm_ctx(stage)
    me = pld.rank(ctx)
    n = pld.nranks(ctx)
    nxt = (me + 1) % n
    prev = (me + n - 1) % n
    t = pl.load(x, [0, 0], [ROWS, COLS])
    stage = pl.store(t, [0, 0], stage)
    pld.system.notify(flags, peer=nxt, offsets=[me, 0], value=7, op=pld.NotifyOp.Set)
    pld.system.wait(flags, offsets=[prev, 0], expected=7, cmp=pld.WaitCmp.Eq)
    got = pld.tile.remote_load(stage, peer=prev, offsets=[0, 0], shape=[ROWS, COLS])
    me_f = pl.cast(me, target_type=pl.FP32)
    got = pl.add(got, me_f)
    y = pl.store(got, [0, 0], y)
    return y


@pl.jit
def per_rank(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    stage: pl.InOut[pld.DistributedTensor[[ROWS, COLS], pl.FP32]],
    flags: pld.DistributedTensor[[NR, 1], pl.INT32],
):
    return shift_step(x, y, stage, flags)


@pl.jit.host
def ring_shift(
    x: pl.Tensor[[NR, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
):
    stage_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    flag_buf = pld.alloc_window_buffer(pld.world_size() * 4)
    for r in pl.range(pld.world_size()):
        stage = pld.window(stage_buf, [ROWS, COLS], dtype=pl.FP32)
        flags = pld.window(flag_buf, [pld.world_size(), 1], dtype=pl.INT32)
        per_rank(x[r], y[r], stage, flags, device=r)
