# pyptocc-flags: --passes=default
# Partly valid views that ConvertTensorToBlockOps cannot convert yet: a
# matrix product of one that is only partly valid along K (what the load
# left outside the valid part would be summed into every element) and a
# load of one with a pad value (its padding would have to be filled as
# well).
import pypto.language as pl


@pl.program
class SliceValidErr:
    @pl.function(type=pl.FunctionType.InCore)
    def product(
        self,
        x: pl.Tensor[[64, 64], pl.FP16],
        w: pl.Tensor[[64, 64], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        v = pl.slice(x, [16, 64], [16, 0], valid_shape=[5, 40])
        p = pl.matmul(v, w, out_dtype=pl.FP32)
        y = pl.assemble(y, p, [0, 0])
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def padded(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        v = pl.slice(x, [16, 64], [0, 0], valid_shape=[5, 64], pad_value=pl.PadValue.zero)
        e = pl.exp(v)
        y = pl.assemble(y, e, [0, 0])
        return y
