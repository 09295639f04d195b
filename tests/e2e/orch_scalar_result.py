# Scalars that the Orchestration function returns (issue 11).  The
# program's results are its Out arguments; a returned scalar is one of rank
# 0, which the orchestration writes when it returns (cpp.md 6.2 gives it a
# slot as every returned variable, and had no way to fill it: pyptocc
# refused it).  The scope of the loop advances the counter total, which
# ConvertTensorToBlockOps computes in the orchestration (tensor_results.c),
# and the call of tri, a function of scalar code only, is inlined there (as
# a task it could give back nothing):
#     y = x + 1, total = 4 * n, result2 = 2 * total - 1 + tri(n),
#     tri(n) = 0 + 1 + ... + (n - 1), result3 = n (a parameter returned: a
#     slot of its own, named as an expression's, not the parameter's)
import pypto.language as pl

R = 16
C = 64


@pl.program
class OrchScalarResult:
    @pl.function
    def tri(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        s0: pl.Scalar[pl.INT64] = 0
        for i, (s,) in pl.range(0, n, 1, init_values=(s0,)):
            s = pl.yield_(s + i)
        return s

    @pl.function
    def main(self, x: pl.Tensor[[4 * R, C], pl.FP32], n: pl.Scalar[pl.INT64], y: pl.Out[pl.Tensor[[4 * R, C], pl.FP32]]) -> tuple[pl.Tensor[[4 * R, C], pl.FP32], pl.Scalar[pl.INT64], pl.Scalar[pl.INT64], pl.Scalar[pl.INT64]]:
        total: pl.Scalar[pl.INT64] = 0
        for i in pl.range(4):
            with pl.incore():
                t = pl.block.load(x, [i * R, 0], [R, C])
                y = pl.block.store(pl.block.adds(t, 1.0), [i * R, 0], [R, C], y)
                total = total + n
        t = self.tri(n)
        return y, total, total * 2 - 1 + t, n
