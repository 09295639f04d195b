# Bad forms of pl.tensor.reinterpret_view: each a located error.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.Tensor[[8, 6], pl.INT8], b: pl.Tensor[[8, 16], pl.BOOL],
         s: pl.Tensor[[4, 8], pl.FP32, pl.TensorView(stride=[16, 1], layout=pl.TensorLayout.ND)]) -> pl.Tensor[[8, 6], pl.INT8]:
    a = pl.tensor.reinterpret_view(x, pl.INT8)
    c = pl.tensor.reinterpret_view(x, pl.INT32)
    d = pl.tensor.reinterpret_view(b, pl.INT8)
    e = pl.tensor.reinterpret_view(s, pl.INT16)
    return x
