# A multi-rank program for tests/ranks.test: the tile forms pld.tile.put
# (two staging tiles, ping-pong) and pld.tile.get, whose staging tiles'
# shapes are the chunks (16 x 64 and 32 x 128).  As put_get.py, but z is
# all of the next rank's src: y[r] = x[r - 1], z[r] = x[r + 1].
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
ROWS = 64
COLS = 128


@pl.jit.incore
def tile_put_get_step(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
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
    ping = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pong = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pld.tile.put(dst, nxt, src, ping, pong)
    pld.system.notify(sig, peer=nxt, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.notify(sig, peer=prev, offsets=[1, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
    pld.system.wait(sig, offsets=[1, 0], expected=1, cmp=pld.WaitCmp.Ge)
    got = pl.load(dst, [0, 0], [ROWS, COLS])
    y = pl.store(got, [0, 0], y)
    stage = pl.tile.create([32, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pld.tile.get(z, nxt, src, stage)
    return y, z


@pl.jit
def per_rank(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    src: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    dst: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[2, 1], pl.INT32],
):
    y, z = tile_put_get_step(x, y, z, src, dst, sig)
    return y, z


@pl.jit.host
def tile_put_get(
    x: pl.Tensor[[NR, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
):
    src_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    dst_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    sig_buf = pld.alloc_window_buffer([2, 1], dtype=pl.INT32)
    for r in pl.range(pld.world_size()):
        src = pld.window(src_buf, [ROWS, COLS], dtype=pl.FP32)
        dst = pld.window(dst_buf, [ROWS, COLS], dtype=pl.FP32)
        sig = pld.window(sig_buf, [2, 1], dtype=pl.INT32)
        per_rank(x[r], y[r], z[r], src, dst, sig, device=r)
