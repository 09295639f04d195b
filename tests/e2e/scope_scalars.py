# Scalars that a `with pl.incore():` scope computes and the code after it
# uses (issue 11).  Outlining makes them results of the scope's kernel,
# which a task cannot give back (cpp.md 6.2): where a result is arithmetic
# on the kernel's parameters, ConvertTensorToBlockOps has the orchestration
# code compute it from the call's arguments (tensor_results.c).  Here the
# row offset and the scale of each block advance in the scope:
#     y's block b = x's block b * 2^b, for b = 0..3
# Refused before ("'main_incore_0' has no Out parameter for result 1").
import pypto.language as pl

R = 16
C = 64


@pl.program
class ScopeScalars:
    @pl.function
    def main(self, x: pl.Tensor[[4 * R, C], pl.FP32], y: pl.Out[pl.Tensor[[4 * R, C], pl.FP32]]) -> pl.Tensor[[4 * R, C], pl.FP32]:
        row: pl.Scalar[pl.INT64] = 0
        scale: pl.Scalar[pl.FP32] = 1.0
        for i in pl.range(4):
            with pl.incore():
                t = pl.block.load(x, [row, 0], [R, C])
                y = pl.block.store(pl.block.muls(t, scale), [row, 0], [R, C], y)
                row = row + R
                scale = scale * 2.0
        return y
