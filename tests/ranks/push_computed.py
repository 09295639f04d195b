# A multi-rank program for tests/ranks.test: pld.tensor.remote_store and
# pld.tensor.put of tensors the kernel computes with tensor ops (held as
# tiles, never in global memory: ConvertTensorToBlockOps stores the tile
# into the peer's window with pld.tile.remote_store).  Each rank sends
# 2 x to the next rank's window `got`, and adds x + 3 into every rank's
# `acc` (put with atomic=Add), then counts every rank done: y[r] =
# 2 x[r - 1], z[r] = the sum over the ranks of x + 3.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
ROWS = 8
COLS = 32


@pl.jit.incore
def push_step(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    got: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    acc: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    done: pld.DistributedTensor[[1, NR], pl.INT32],
):
    ctx = pld.get_comm_ctx(got)
    me = pld.rank(ctx)
    n = pld.nranks(ctx)
    doubled = pl.tensor.add(x, x)
    plus3 = pl.tensor.adds(x, 3.0)
    pld.tensor.remote_store(doubled, got, (me + 1) % n, [0, 0])
    for p in pl.range(n):
        pld.tensor.put(acc, peer=p, src=plus3, atomic=pld.AtomicType.Add)
    for p in pl.range(n):
        pld.system.notify(done, peer=p, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.wait(done, offsets=[0, 0], expected=n, cmp=pld.WaitCmp.Ge)
    y = pl.store(pl.load(got, [0, 0], [ROWS, COLS]), [0, 0], y)
    z = pl.store(pl.load(acc, [0, 0], [ROWS, COLS]), [0, 0], z)
    return y, z


@pl.jit
def per_rank(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    got: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    acc: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    done: pld.DistributedTensor[[1, NR], pl.INT32],
):
    y, z = push_step(x, y, z, got, acc, done)
    return y, z


@pl.jit.host
def push_computed(
    x: pl.Tensor[[NR, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
    z: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
):
    got_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    acc_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    done_buf = pld.alloc_window_buffer([1, pld.world_size()], dtype=pl.INT32)
    for r in pl.range(pld.world_size()):
        got = pld.window(got_buf, [ROWS, COLS], dtype=pl.FP32)
        acc = pld.window(acc_buf, [ROWS, COLS], dtype=pl.FP32)
        done = pld.window(done_buf, [1, pld.world_size()], dtype=pl.INT32)
        per_rank(x[r], y[r], z[r], got, acc, done, device=r)
