# A window passed through inlined functions that give it back: inlining
# binds a parameter the body assigns with an assignment
# (sig_inline0 = sig), and the core-group scope it opens is outlined into
# a kernel that takes the bound name.  The kernel gets the context of the
# window that name is assigned (pypto-lib's DeepSeek decode collectives
# thread their signal windows this way).
import pypto.language as pl
import pypto.language.distributed as pld

N_RANKS = 2


@pl.jit.inline
def notify_next(sig: pld.DistributedTensor[[1, 1], pl.INT32], rank: pl.Scalar[pl.INT32]):
    nxt = (rank + 1) % N_RANKS
    pld.system.notify(sig, peer=nxt, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
    return sig


@pl.jit.inline
def signal_next(
    y: pl.InOut[pl.Tensor[[8, 8], pl.FP32]],
    sig: pld.DistributedTensor[[1, 1], pl.INT32],
    rank: pl.Scalar[pl.INT32],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="bump_after_signal"):
        sig = notify_next(sig, rank)
        t = pl.load(y, [0, 0], [8, 8])
        y = pl.store(pl.add(t, 1.0), [0, 0], y)
    return y, sig


@pl.jit
def per_rank(
    y: pl.InOut[pl.Tensor[[8, 8], pl.FP32]],
    sig: pld.DistributedTensor[[1, 1], pl.INT32],
    rank: pl.Scalar[pl.INT32],
):
    y, sig = signal_next(y, sig, rank)
    return y, sig


@pl.jit.host
def inline_window(y: pl.InOut[pl.Tensor[[N_RANKS, 8, 8], pl.FP32]]):
    sig_buf = pld.alloc_window_buffer([1, 1], dtype=pl.INT32)
    for r in pl.range(pld.world_size()):
        sig = pld.window(sig_buf, [1, 1], dtype=pl.INT32)
        per_rank(y[r], sig, r, device=r)
