# One kernel may not use both the cube and the vector pipe (ops.md 8).
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def mixed(self, a: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        c = pl.matmul(pl.move(m, target_memory=pl.MemorySpace.Left), pl.move(m, target_memory=pl.MemorySpace.Right))
        v = pl.move(c, target_memory=pl.MemorySpace.Vec)
        e = pl.exp(v)
        o = pl.store(e, [0, 0], [64, 64], out)
        return o
