# A multi-rank program for tests/ranks.test: pld.tensor.remote_store of a
# kernel parameter, through a staging tile whose 16-byte rows of FP16 are
# the valid part of 32-byte ones: each rank stores its x into the next
# rank's window, signals it, waits for its own: y[r] = x[r - 1].
import pypto.language as pl
import pypto.language.distributed as pld

NR = pl.dynamic("NR")


@pl.jit.incore
def store_next(
    x: pl.Tensor[[16, 8], pl.FP16],
    y: pl.Out[pl.Tensor[[16, 8], pl.FP16]],
    box: pld.DistributedTensor[[16, 8], pl.FP16],
    sig: pld.DistributedTensor[[1, 1], pl.INT32],
):
    ctx = pld.get_comm_ctx(box)
    nxt = (pld.rank(ctx) + 1) % pld.nranks(ctx)
    pld.tensor.remote_store(x, box, nxt, [0, 0])
    pld.system.notify(sig, peer=nxt, offsets=[0, 0], value=1, op=pld.NotifyOp.AtomicAdd)
    pld.system.wait(sig, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
    t = pl.load(box, [0, 0], [16, 16], valid_shape=[16, 8])
    y = pl.store(t, [0, 0], y)
    return y


@pl.jit
def per_rank(
    x: pl.Tensor[[16, 8], pl.FP16],
    y: pl.Out[pl.Tensor[[16, 8], pl.FP16]],
    box: pld.DistributedTensor[[16, 8], pl.FP16],
    sig: pld.DistributedTensor[[1, 1], pl.INT32],
):
    return store_next(x, y, box, sig)


@pl.jit.host
def store_half(
    x: pl.Tensor[[NR, 16, 8], pl.FP16],
    y: pl.Out[pl.Tensor[[NR, 16, 8], pl.FP16]],
):
    box_buf = pld.alloc_window_buffer([16, 8], dtype=pl.FP16)
    sig_buf = pld.alloc_window_buffer([1, 1], dtype=pl.INT32)
    for r in pl.range(pld.world_size()):
        box = pld.window(box_buf, [16, 8], dtype=pl.FP16)
        sig = pld.window(sig_buf, [1, 1], dtype=pl.INT32)
        per_rank(x[r], y[r], box, sig, device=r)
