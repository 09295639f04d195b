# Bad forms of pl.tensor.view with layout=: each a located error.
import pypto.language as pl


@pl.function
def views(x: pl.Tensor[[8, 4], pl.FP32], v: pl.Tensor[[16], pl.FP32],
          s: pl.Tensor[[4, 8], pl.FP32, pl.TensorView(stride=[16, 1], layout=pl.TensorLayout.ND)]) -> pl.Tensor[[8, 4], pl.FP32]:
    a = pl.tensor.view(x, layout=pl.TensorLayout.NZ)
    b = pl.tensor.view(v, layout=pl.TensorLayout.DN)
    c = pl.tensor.view(x, [5, 8], layout=pl.TensorLayout.ND)
    d = pl.tensor.view(s, [8, 4], layout=pl.TensorLayout.ND)
    part = pl.tensor.slice(x, [8, 4], [0, 0], valid_shape=[5, 3])
    e = pl.tensor.view(part, [4, 8], layout=pl.TensorLayout.DN)
    f = pl.tensor.view(x, [0, 32], layout=pl.TensorLayout.ND)
    return x
