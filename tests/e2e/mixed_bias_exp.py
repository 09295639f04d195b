# A mixed kernel whose cube side has a Bias buffer: the matmul adds the
# bias row on the cube (TMATMUL_BIAS), the vector side takes exp of the
# sum.  ExpandMixedKernel keeps the Bias tile, and the move that fills it
# from Mat, on the cube side with the matmul that reads it.
#   y = exp(a @ b + bias)
import pypto.language as pl


@pl.program
class MixedBiasExp:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 32], pl.FP16],
        bias: pl.Tensor[[1, 32], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        al = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        br = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        bt = pl.move(pl.load(bias, [0, 0], [1, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Bias)
        acc = pl.matmul_bias(al, br, bt)
        v = pl.move(acc, target_memory=pl.MemorySpace.Vec)
        return pl.store(pl.exp(v), [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 32], pl.FP16],
        bias: pl.Tensor[[1, 32], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        out = self.kernel(a, b, bias, y)
        return out
