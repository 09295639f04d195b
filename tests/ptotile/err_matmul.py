# The cube unit reads a Left lhs and a Right rhs and accumulates in Acc
# (seed 05 6.3); Left and Right tiles cannot be stored.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Cube:
    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        c = pl.matmul(m, m)
        l = pl.move(m, target_memory=pl.MemorySpace.Left)
        r = pl.move(m, target_memory=pl.MemorySpace.Right)
        not_acc = pl.load(out, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        d = pl.matmul_acc(not_acc, l, r)
        o = pl.store(c, [0, 0], [64, 64], out)
        o2 = pl.store(d, [0, 0], [64, 64], o)
        o3 = pl.store(l, [0, 0], [64, 64], a)
        return o2
