# pyptocc-flags: --emit=cpp
# The C++ of a multi-rank program sizes each window by constants and the
# number of ranks, added and multiplied; a size the runtime cannot compute
# per rank (here the square of the world size) is a located error.
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")


@pl.jit.incore
def touch(
    y: pl.Out[pl.Tensor[[8, 8], pl.FP32]],
    flags: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
):
    ctx = pld.get_comm_ctx(flags)
    me = pld.rank(ctx)
    pld.system.notify(flags, peer=me, offsets=[me, 0], value=1, op=pld.NotifyOp.Set)
    t = pl.tile.full([8, 8], dtype=pl.FP32, value=1.0)
    y = pl.store(t, [0, 0], y)
    return y


@pl.jit
def per_rank(
    y: pl.Out[pl.Tensor[[8, 8], pl.FP32]],
    flags: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
):
    return touch(y, flags)


@pl.jit.host
def squared(y: pl.Out[pl.Tensor[[NR, 8, 8], pl.FP32]]):
    flag_buf = pld.alloc_window_buffer(pld.world_size() * pld.world_size() * 4)
    for r in pl.range(pld.world_size()):
        flags = pld.window(flag_buf, [pld.world_size(), 1], dtype=pl.INT32)
        per_rank(y[r], flags, device=r)
