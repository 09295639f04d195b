# pyptocc-flags: --passes=default
# A matrix product of partly valid views: the lhs has 5 valid rows of 16,
# the rhs 40 valid columns of 64.  The cube tiles carry the valid part
# (Left the rows, Right the columns, Acc both), so the store writes
# y[0:5, 0:40] and nothing else (the rest stays NaN in the harness); the
# rows of the lhs tile outside its valid part never reach y.
import pypto.language as pl


@pl.program
class SliceValidMatmul:
    @pl.function(type=pl.FunctionType.InCore)
    def product(
        self,
        x: pl.Tensor[[64, 128], pl.FP16],
        w: pl.Tensor[[128, 64], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        v = pl.slice(x, [16, 128], [16, 0], valid_shape=[5, 128])
        wv = pl.slice(w, [128, 64], [0, 0], valid_shape=[128, 40])
        p = pl.matmul(v, wv, out_dtype=pl.FP32)
        y = pl.assemble(y, p, [0, 0])
        return y
