# A multi-rank program for tests/ranks.test: a region pld.tensor.put and
# get whose row count is known only at run time (it depends on the rank),
# moved in chunks of 4 rows, the last of them ragged.  Each rank fills its
# dst window with -1, tells the previous rank so (cell 1), waits for the
# next rank's, then puts the last 8 + 3 r rows of x into the same rows of
# the next rank's dst, signals it (cell 0) and reads its own dst into y
# once its cell 0 is set: y[r][i] = x[r - 1][i] for i >= ROWS - (8 + 3 (r
# - 1)), else -1.  It then gets those rows back from the next rank's dst
# into z, filled with -2 first: z[r][i] = x[r][i] for i >= ROWS - (8 + 3
# r), else -2.  The kernel copies dst into y with tensor slices (so it is
# converted from tensor ops) and gives back its signal window, which the
# orchestration returns as well: a window is the ranks' buffer, not an
# output of the kernel's.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
ROWS = 24
COLS = 32


@pl.jit.incore
def ragged_step(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    dst: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[2, 1], pl.INT32],
):
    ctx = pld.get_comm_ctx(dst)
    me = pld.rank(ctx)
    n = pld.nranks(ctx)
    nxt = (me + 1) % n
    prev = (me + n - 1) % n
    fill = pl.tile.full([ROWS, COLS], -1.0, dtype=pl.FP32)
    dst = pl.store(fill, [0, 0], dst)
    pld.system.notify(sig, peer=prev, offsets=[1, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.wait(sig, offsets=[1, 0], expected=1, cmp=pld.WaitCmp.Ge)
    count = 8 + 3 * me
    first = ROWS - count
    pld.tensor.put(
        dst=dst, peer=nxt, src=x,
        dst_offsets=[first, 0], src_offsets=[first, 0], shape=[count, COLS],
        chunk_rows=4, chunk_cols=COLS,
    )
    pld.system.notify(sig, peer=nxt, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
    for row in pl.range(0, ROWS, 8):
        y[row : row + 8, 0:COLS] = dst[row : row + 8, 0:COLS]
    z = pl.store(pl.tile.full([ROWS, COLS], -2.0, dtype=pl.FP32), [0, 0], z)
    pld.tensor.get(
        dst=z, peer=nxt, src=dst,
        dst_offsets=[first, 0], src_offsets=[first, 0], shape=[count, COLS],
        chunk_rows=4, chunk_cols=COLS,
    )
    return y, z, sig


@pl.jit
def per_rank(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    dst: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[2, 1], pl.INT32],
):
    y, z, sig = ragged_step(x, y, z, dst, sig)
    return y, z, sig


@pl.jit.host
def ragged_put(
    x: pl.Tensor[[NR, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
):
    dst_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    sig_buf = pld.alloc_window_buffer([2, 1], dtype=pl.INT32)
    for r in pl.range(pld.world_size()):
        dst = pld.window(dst_buf, [ROWS, COLS], dtype=pl.FP32)
        sig = pld.window(sig_buf, [2, 1], dtype=pl.INT32)
        per_rank(x[r], y[r], z[r], dst, sig, device=r)
