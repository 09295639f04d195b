# A @pl.jit entry is an Orchestration function: it dispatches work and
# cannot compute itself (01-functions.md).  Operators belong inside
# `with pl.at(level=pl.Level.CORE_GROUP):` (accepted here, as is the
# pl.spmd loop form whose body is a kernel) or in an InCore function.
import pypto.language as pl


@pl.jit
def entry(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    out[:] = pl.add(x, x)
    y = pl.exp(x)
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.mul(x, 2.0)
    for i in pl.spmd(2):
        t = pl.load(x, [i * 32, 0], [32, 64])
        out = pl.store(t, [i * 32, 0], out)
    t2 = pl.load(x, [0, 0], [32, 64])
    return out
