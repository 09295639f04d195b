# A multi-rank program for tests/ranks.test: an all-reduce by pushing.
# Every rank adds its x into every rank's window (pld.tile.remote_store
# with atomic=Add; its own too), then tells every rank it is done (an
# AtomicAdd notify on cell 0); once its cell has counted every rank, each
# rank reads its window: y[r] = the sum of every rank's x.  The sums are
# exact in FP32 (tests/ranks.test writes integers and halves), so the
# order of the atomic adds does not matter.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")
ROWS = 1
COLS = 256


@pl.jit.incore
def push_step(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    acc: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    done: pld.DistributedTensor[[1, NR], pl.INT32],
):
    ctx = pld.get_comm_ctx(acc)
    n = pld.nranks(ctx)
    t = pl.load(x, [0, 0], [ROWS, COLS])
    for p in pl.range(n):
        pld.tile.remote_store(t, target=acc, peer=p, offsets=[0, 0], atomic=pld.AtomicType.Add)
    for p in pl.range(n):
        pld.system.notify(done, peer=p, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.wait(done, offsets=[0, 0], expected=n, cmp=pld.WaitCmp.Ge)
    s = pl.load(acc, [0, 0], [ROWS, COLS])
    y = pl.store(s, [0, 0], y)
    return y


@pl.jit
def per_rank(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    acc: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    done: pld.DistributedTensor[[1, NR], pl.INT32],
):
    return push_step(x, y, acc, done)


@pl.jit.host
def push_sum(
    x: pl.Tensor[[NR, ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[NR, ROWS, COLS], pl.FP32]],
):
    acc_buf = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    done_buf = pld.alloc_window_buffer([1, pld.world_size()], dtype=pl.INT32)
    for r in pl.range(pld.world_size()):
        acc = pld.window(acc_buf, [ROWS, COLS], dtype=pl.FP32)
        done = pld.window(done_buf, [1, pld.world_size()], dtype=pl.INT32)
        per_rank(x[r], y[r], acc, done, device=r)
