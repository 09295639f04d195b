# A multi-rank program for tests/ranks.test: pld.tensor.put and a region
# pld.tensor.get, each moved through staging tiles in chunks (a 64 x 128
# FP32 put is two chunks of 16 KiB).  Each rank stages x in its src window,
# puts it into the next rank's dst, signals the next rank (cell 0) and the
# previous one (cell 1: my src is ready), then, once both of its own cells
# are set, reads dst into y and gets the right half of the next rank's src
# into z: y[r] = x[r - 1], z[r] = x[r + 1][:, 64:].
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
ROWS = 64
COLS = 128
HALF = 64


@pl.jit.incore
def put_get_step(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[ROWS, HALF], pl.FP32]],
    src: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    dst: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[2, 1], pl.INT32],
):
    ctx = pld.get_comm_ctx(src)
    me = pld.rank(ctx)
    n = pld.nranks(ctx)
    nxt = (me + 1) % n
    prev = (me + n - 1) % n
    t = pl.load(x, [0, 0], [ROWS, COLS])
    src = pl.store(t, [0, 0], src)
    pld.tensor.put(dst, peer=nxt, src=src)
    pld.system.notify(sig, peer=nxt, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.notify(sig, peer=prev, offsets=[1, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
    pld.system.wait(sig, offsets=[1, 0], expected=1, cmp=pld.WaitCmp.Ge)
    got = pl.load(dst, [0, 0], [ROWS, COLS])
    y = pl.store(got, [0, 0], y)
    pld.tensor.get(z, peer=nxt, src=src, dst_offsets=[0, 0], src_offsets=[0, HALF], shape=[ROWS, HALF])
    return y, z


@pl.jit
def per_rank(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[ROWS, HALF], pl.FP32]],
    src: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    dst: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[2, 1], pl.INT32],
):
    y, z = put_get_step(x, y, z, src, dst, sig)
    return y, z


@pl.jit.host
def put_get(
    x: pl.Tensor[[NR, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[NR, ROWS, HALF], pl.FP32]],
):
    src_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    dst_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    sig_buf = pld.alloc_window_buffer([2, 1], dtype=pl.INT32)
    for r in pl.range(pld.world_size()):
        src = pld.window(src_buf, [ROWS, COLS], dtype=pl.FP32)
        dst = pld.window(dst_buf, [ROWS, COLS], dtype=pl.FP32)
        sig = pld.window(sig_buf, [2, 1], dtype=pl.INT32)
        per_rank(x[r], y[r], z[r], src, dst, sig, device=r)
