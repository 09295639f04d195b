# pyptocc-flags: --emit=cpp
# A kernel runs on one core, a cube or a vector one; ExpandMixedKernel
# splits a kernel of both into an AIC and an AIV kernel joined by the
# cross-core pipe, whose cube-to-vector direction carries matmul results
# (Acc tiles) only.  A Mat tile moved to Vec cannot cross, and the split
# says so where it is moved.
import pypto.language as pl


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def mixed(self, a: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP16]]) -> pl.Tensor[[64, 64], pl.FP16]:
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        l = pl.move(m, target_memory=pl.MemorySpace.Left)
        r = pl.move(m, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(l, r)
        v = pl.move(m, target_memory=pl.MemorySpace.Vec)
        e = pl.exp(v)
        o = pl.store(e, [0, 0], [64, 64], out)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        return a
