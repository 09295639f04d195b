# A matrix product plus a bias row through the cube's Bias buffer
# (TMATMUL_BIAS): the bias is loaded into Mat and moved into Bias, added
# by the first step of a K split in two, the second step accumulates
# (matmul_acc).  A second kernel passes its operands in Mat and lets
# Legalize move them (the lhs to Left, the rhs to Right, the bias to
# Bias).  y = a @ b + bias (K = 64 in two steps of 32); z = a[:, :32] @
# b[:32, :] + bias.
import pypto.language as pl


@pl.program
class MatmulBias:
    @pl.function(type=pl.FunctionType.InCore)
    def split_k(
        self,
        a: pl.Tensor[[16, 64], pl.FP16],
        b: pl.Tensor[[64, 32], pl.FP16],
        bias: pl.Tensor[[1, 32], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        bias_mat = pl.load(bias, [0, 0], [1, 32], target_memory=pl.Mem.Mat)
        bias_bt = pl.move(bias_mat, target_memory=pl.Mem.Bias)
        a0 = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b0 = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul_bias(a0, b0, bias_bt)
        a1 = pl.move(pl.load(a, [0, 32], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b1 = pl.move(pl.load(b, [32, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul_acc(acc, a1, b1)
        y = pl.store(acc, [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def in_mat(
        self,
        a: pl.Tensor[[16, 64], pl.FP16],
        b: pl.Tensor[[64, 32], pl.FP16],
        bias: pl.Tensor[[1, 32], pl.FP32],
        z: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        a_mat = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        b_mat = pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        bias_mat = pl.load(bias, [0, 0], [1, 32], target_memory=pl.Mem.Mat)
        c = pl.matmul_bias(a_mat, b_mat, bias_mat)
        z = pl.store(c, [0, 0], z)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 64], pl.FP16],
        b: pl.Tensor[[64, 32], pl.FP16],
        bias: pl.Tensor[[1, 32], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        z: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        y = self.split_k(a, b, bias, y)
        z = self.in_mat(a, b, bias, z)
        return y, z
