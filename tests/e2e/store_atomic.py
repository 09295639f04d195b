# pl.store(..., atomic=pl.AtomicType.Add) on tiles: two tiles added into
# what the tensors held (today's three-argument store with atomic=, and the
# four-argument one with shapes).
import pypto.language as pl

R = 16
C = 64


@pl.program
class StoreAtomic:
    @pl.function(type=pl.FunctionType.InCore)
    def store_atomic(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        h: pl.Tensor[[R, C], pl.FP16],
        y: pl.InOut[pl.Tensor[[R, C], pl.FP32]],
        g: pl.InOut[pl.Tensor[[R, C], pl.FP16]],
    ) -> tuple[pl.Tensor[[R, C], pl.FP32], pl.Tensor[[R, C], pl.FP16]]:
        t = pl.load(x, [0, 0], [R, C])
        y = pl.store(t, [0, 0], y, atomic=pl.AtomicType.Add)
        y = pl.store(pl.mul(t, t), [0, 0], y, [R, C], atomic=pl.AtomicType.Add)
        u = pl.load(h, [0, 0], [R, C])
        g = pl.store(u, [0, 0], g, atomic=pl.AtomicType.Add)
        g = pl.store(u, [0, 0], g, atomic=pl.AtomicType.Add)
        return y, g
