# pyptocc-flags: --emit=pto
import pypto.language as pl


# A left operand valid in 255 of its 256 columns times a wholly valid
# right operand: PTOAS 0.60's tmatmul wants one K in the two valid shapes.
@pl.program
class ValidK:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, lhs: pl.Tensor[[16, 256], pl.FP16], rhs: pl.Tensor[[256, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.load(lhs, [0, 0], [16, 256], valid_shape=[16, 255], target_memory=pl.Mem.Mat)
        b = pl.load(rhs, [0, 0], [256, 16], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(a, target_memory=pl.Mem.Left), pl.move(b, target_memory=pl.Mem.Right))
        return pl.store(c, [0, 0], out)
