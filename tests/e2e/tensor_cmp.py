# pl.cmp of tensors (tensor.cmp): 1 where the comparison holds, else 0, in
# the operands' type; ConvertTensorToBlockOps makes it a mask (TCMP, or
# TCMPS against a scalar) and a select of ones and zeros (TSEL), as pypto
# converts it.  gt = a > b, lt = a < 0.5, eq = (i == j) for INT32 i, j.
import pypto.language as pl


@pl.program
class TensorCmp:
    @pl.function(type=pl.FunctionType.InCore)
    def compare(self, a: pl.Tensor[[8, 64], pl.FP32], b: pl.Tensor[[8, 64], pl.FP32], i: pl.Tensor[[8, 64], pl.INT32], j: pl.Tensor[[8, 64], pl.INT32],
                gt: pl.Out[pl.Tensor[[8, 64], pl.FP32]], lt: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
                eq: pl.Out[pl.Tensor[[8, 64], pl.INT32]]):
        gt = pl.assemble(gt, pl.cmp(a, b, cmp_type=4), [0, 0])
        lt = pl.assemble(lt, pl.cmp(a, 0.5, cmp_type=2), [0, 0])
        eq = pl.assemble(eq, pl.cmp(i, j, cmp_type=0), [0, 0])
        return gt, lt, eq

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[8, 64], pl.FP32], b: pl.Tensor[[8, 64], pl.FP32], i: pl.Tensor[[8, 64], pl.INT32], j: pl.Tensor[[8, 64], pl.INT32],
             gt: pl.Out[pl.Tensor[[8, 64], pl.FP32]], lt: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
             eq: pl.Out[pl.Tensor[[8, 64], pl.INT32]]):
        gt, lt, eq = self.compare(a, b, i, j, gt, lt, eq)
        return gt, lt, eq
