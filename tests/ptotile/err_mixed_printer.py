# pyptocc-flags: --no-passes --emit=pto-tile
# Without the passes, the tile IR printer refuses a kernel that uses both
# the cube and the vector pipe with the message Verify gives (one rule,
# target/arch.c).
import pypto.language as pl


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def mixed(self, a: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        l = pl.move(m, target_memory=pl.MemorySpace.Left)
        r = pl.move(m, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(l, r)
        v = pl.move(c, target_memory=pl.MemorySpace.Vec)
        e = pl.exp(v)
        o = pl.store(e, [0, 0], [64, 64], out)
        return o
