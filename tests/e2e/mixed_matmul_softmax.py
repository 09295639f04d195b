# A mixed kernel (pypto docs/en/user/tutorials/03-mixed-kernel.md): one
# InCore function multiplies a by b on the cube and takes the row softmax
# of the product on the vector unit.  ExpandMixedKernel splits it into an
# AIC and an AIV kernel; the product crosses the cross-core pipe
# (tpush_to_aiv / tpop_from_aic), not global memory.
import pypto.language as pl


@pl.program
class MixedMatmulSoftmax:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 64], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat)
        a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        b_right = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_left, b_right)
        s = pl.move(acc, target_memory=pl.MemorySpace.Vec)
        tmp = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        m = pl.row_max(s, tmp)
        e = pl.exp(pl.row_expand_sub(s, m))
        z = pl.row_sum(e, tmp)
        p = pl.row_expand_div(e, z)
        out = pl.store(p, [0, 0], y)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 64], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        out = self.kernel(a, b, y)
        return out
