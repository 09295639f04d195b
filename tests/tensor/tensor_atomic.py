# pyptocc-flags: --passes=default
# pl.assemble(..., atomic=pl.AtomicType.Add): split-K partial sums added
# into an output in global memory by the kernel's stores (TSTORE with
# AtomicType::AtomicAdd), to what the output held.  A product held in
# Acc is added from there too (the FIX pipe's atomic store).
import pypto.language as pl


@pl.jit
def split_k(a: pl.Tensor[[16, 256], pl.FP32], w: pl.Tensor[[16, 32], pl.FP16], v: pl.Tensor[[32, 32], pl.FP16],
            w2: pl.Tensor[[16, 32], pl.FP16], v2: pl.Tensor[[32, 32], pl.FP16],
            y: pl.InOut[pl.Tensor[[16, 64], pl.FP32]], z: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="parts"):
        for k in pl.range(0, 4):
            part = pl.mul(a[:, k * 64 : k * 64 + 64], 2.0)
            y = pl.assemble(y, part, [0, 0], atomic=pl.AtomicType.Add)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="products"):
        z = pl.assemble(z, pl.matmul(w, v), [0, 0], atomic=pl.AtomicType.Add)
        z = pl.assemble(z, pl.matmul(w2, v2), [0, 0], atomic=pl.AtomicType.Add)
    return y, z
