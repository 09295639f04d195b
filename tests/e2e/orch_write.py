# Orchestration code writes single elements of a tensor (y[i, j] = v is
# pl.tensor.write) after the kernel that wrote the whole tensor: in
# program order, as every task runs.
import pypto.language as pl


@pl.jit
def orch_write(x: pl.Tensor[[16, 32], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="twice"):
        t = pl.load(x, [0, 0], [16, 32])
        pl.store(pl.add(t, t), [0, 0], y)
    first = x[0, 0]
    y[1, 2] = first
    y[3, 31] = first * 3.0
    return y
