# Found probing the layout views: the packed strides of a tensor of huge
# constant extents (here 2^32 x 2^32 x 2^32), and a reinterpreted
# contiguous extent (2^62 INT8 as INT64 is fine, as INT16 of a DN view is
# not), were computed in int64_t without a check: signed overflow (UBSan).
# Now each product is checked and a view whose strides do not fit 64 bits
# is an error at its call.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.Tensor[[4294967296, 4294967296, 4294967296], pl.INT8], y: pl.Tensor[[2, 4611686018427387904], pl.INT8],
         z: pl.Tensor[[2, 4611686018427387904], pl.FP16]) -> pl.Tensor[[2, 4], pl.FP32]:
    a = pl.tensor.view(x, layout=pl.TensorLayout.DN)
    b = pl.tensor.view(x, [4294967296, 4294967296, 4294967296], layout=pl.TensorLayout.ND)
    c = pl.tensor.reinterpret_view(x, pl.INT64)
    d = pl.tensor.reinterpret_view(z, pl.INT8)
    e = pl.tensor.reinterpret_view(pl.tensor.view(y, layout=pl.TensorLayout.DN), pl.FP16)
    return e
