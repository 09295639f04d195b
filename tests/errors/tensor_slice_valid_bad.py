# Bad partly valid tensor views: a valid shape of another rank, an extent
# larger than the window's or negative, a valid part that reads past the
# source (the window itself may overhang only with clamp=True), a pad value
# that is not zero, max or min, and TensorView annotations whose valid shape
# does not fit the tensor.
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def bad(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        v1 = pl.slice(x, [16, 128], [0, 0], valid_shape=[8])
        v2 = pl.slice(x, [16, 128], [0, 0], valid_shape=[n, 129])
        v3 = pl.tensor.slice(x, [16, 128], [0, 0], [-1, 128])
        v4 = pl.slice(x, [32, 128], [48, 0], valid_shape=[24, 128])
        v5 = pl.slice(x, [16, 128], [56, 0])
        v6 = pl.slice(x, [16, 128], [0, 0], valid_shape=[8, 128], pad_value=1.5)
        v7 = pl.slice(x, [16, 128], [0, 0], clamp=2)
        a1: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(valid_shape=[17, 128], stride=[], layout=pl.TensorLayout.ND)] = pl.slice(x, [16, 128], [0, 0])
        a2: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(valid_shape=[-2, 128], stride=[], layout=pl.TensorLayout.ND)] = pl.slice(x, [16, 128], [0, 0])
        a3: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(valid_shape=[n], stride=[], layout=pl.TensorLayout.ND)] = pl.slice(x, [16, 128], [0, 0])
        a4: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(valid_shape=[n, 128], stride=[], layout=pl.TensorLayout.ND, pad=3)] = pl.slice(x, [16, 128], [0, 0])
        return out
