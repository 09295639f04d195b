# pyptocc-flags: --emit=cpp
# A kernel runs on one core, a cube or a vector one: Verify rejects a
# kernel with ops on both the M and the V pipe, naming one of each (the rule
# moved from the emitters to Verify, issue 11).
import pypto.language as pl


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def mixed(self, a: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        l = pl.move(m, target_memory=pl.MemorySpace.Left)
        r = pl.move(m, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(l, r)
        v = pl.load(a, [0, 0], [64, 64])
        e = pl.exp(v)
        o = pl.store(c, [0, 0], [64, 64], out)
        o2 = pl.store(e, [0, 0], [64, 64], a)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        return a
