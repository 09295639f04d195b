# A multi-rank program for tests/ranks.test that never completes: every
# rank waits for a signal no rank sends.  The runtime gives up after
# PYPTOCC_COMM_TIMEOUT seconds with an error that names the signal, the
# rank and the value awaited, and stops every rank.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")


@pl.jit.incore
def wait_forever(
    y: pl.Out[pl.Tensor[[8, 8], pl.FP32]],
    flags: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
):
    ctx = pld.get_comm_ctx(flags)
    me = pld.rank(ctx)
    pld.system.wait(flags, offsets=[me, 0], expected=3, cmp=pld.WaitCmp.Ge)
    t = pl.tile.full([8, 8], dtype=pl.FP32, value=1.0)
    y = pl.store(t, [0, 0], y)
    return y


@pl.jit
def per_rank(
    y: pl.Out[pl.Tensor[[8, 8], pl.FP32]],
    flags: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
):
    return wait_forever(y, flags)


@pl.jit.host
def never_signalled(y: pl.Out[pl.Tensor[[NR, 8, 8], pl.FP32]]):
    flag_buf = pld.alloc_window_buffer(pld.world_size() * 4)
    for r in pl.range(pld.world_size()):
        flags = pld.window(flag_buf, [pld.world_size(), 1], dtype=pl.INT32)
        per_rank(y[r], flags, device=r)
