# An if whose condition is a constant (module constants compared): the
# branch taken is kept in place, the other dropped. The dropped branch is
# still read, but may hold extents of 0 (pypto-lib pads a tensor only
# `if PADDED > TOPK:`, and the pad is empty when they are equal).
import pypto.language as pl

TOPK = 64
PADDED = 64
SCALE = 2.0


@pl.jit
def pad(x: pl.Tensor[[16, PADDED], pl.FP32], y: pl.Out[pl.Tensor[[16, PADDED], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="pad"):
        y[:, 0:TOPK] = pl.mul(x[:, 0:TOPK], SCALE)
        if PADDED > TOPK:
            y[:, TOPK:PADDED] = pl.full([16, PADDED - TOPK], dtype=pl.FP32, value=0.0)
        if TOPK == 64:
            k = 1.0
        else:
            k = pl.full([16, 0], dtype=pl.FP32, value=0.0)
        y[:, :] = pl.add(y, k)
    return y
