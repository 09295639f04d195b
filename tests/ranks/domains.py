# A multi-rank program for tests/ranks.test: windows of communication
# domains of some ranks.  On 3 ranks, domain A is ranks 0 and 1 and
# domain B ranks 1 and 2 (rank 1 is in both).  In each, a rank stages
# x + tag in its window, signals the next member of its domain, waits for
# its own signal, and reads the next member's window: the kernel numbers
# the members from the window's context (pld.rank, pld.nranks), so
# ya[r] = x[next in A] + 1 for r in {0, 1} and yb[r] = x[next in B] + 2
# for r in {1, 2}; the rows no launch writes stay zero.
import pypto.language as pl
import pypto.language.distributed as pld

ROWS = 8
COLS = 32


@pl.jit.incore
def swap_in_domain(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    stage: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[1, 1], pl.INT32],
    tag: pl.Scalar[pl.INT32],
):
    ctx = pld.get_comm_ctx(stage)
    nxt = (pld.rank(ctx) + 1) % pld.nranks(ctx)
    t = pl.load(x, [0, 0], [ROWS, COLS])
    stage = pl.store(pl.add(t, pl.cast(tag, target_type=pl.FP32)), [0, 0], stage)
    pld.system.notify(sig, peer=nxt, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.wait(signal=sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
    got = pld.tile.remote_load(stage, peer=nxt, offsets=[0, 0], shape=[ROWS, COLS])
    y = pl.store(got, [0, 0], y)
    return y


@pl.jit
def per_rank(
    x: pl.Tensor[[ROWS, COLS], pl.FP32],
    y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    stage: pld.DistributedTensor[[ROWS, COLS], pl.FP32],
    sig: pld.DistributedTensor[[1, 1], pl.INT32],
    tag: pl.Scalar[pl.INT32],
):
    return swap_in_domain(x, y, stage, sig, tag)


@pl.jit.host
def domains(
    x: pl.Tensor[[3, ROWS, COLS], pl.FP32],
    ya: pl.Out[pl.Tensor[[3, ROWS, COLS], pl.FP32]],
    yb: pl.Out[pl.Tensor[[3, ROWS, COLS], pl.FP32]],
):
    stage_a = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    sig_a = pld.alloc_window_buffer([1, 1], dtype=pl.INT32)
    stage_b = pld.alloc_window_buffer([ROWS, COLS], dtype=pl.FP32)
    sig_b = pld.alloc_window_buffer([1, 1], dtype=pl.INT32)
    for r in pl.range(2):
        sa = pld.window(stage_a, [ROWS, COLS], dtype=pl.FP32)
        ga = pld.window(sig_a, [1, 1], dtype=pl.INT32)
        per_rank(x[r], ya[r], sa, ga, 1, device=r)
    for r in pl.range(1, 3):
        sb = pld.window(stage_b, [ROWS, COLS], dtype=pl.FP32)
        gb = pld.window(sig_b, [1, 1], dtype=pl.INT32)
        per_rank(x[r], yb[r], sb, gb, 2, device=r)
