# pyptocc-flags: --emit=pto
# A loop whose step is 0 never ends: Python's range refuses it, and
# scf.for's verifier wants a positive constant step.  Legalize reports it
# for every output (the C++ printer refused it after a clean pipeline, the
# PTO printer wrote it; found by fuzzing).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    t = pl.load(a, [0, 0], [64, 64])
    for i in pl.range(0, 4, 0):
        t = pl.add(t, t)
    r = pl.store(t, [0, 0], [64, 64], out)
    return r
