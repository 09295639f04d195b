# pl.tensor.reinterpret_view(t, dtype) (pypto DeduceTensorReinterpretViewType):
# the tensor's bytes as another element type, its contiguous dimension (the
# last; of a DN tensor the one before) scaled by the ratio of the sizes,
# its valid extent there too; packed strides follow the new shape.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def main(x: pl.Tensor[[8, 16], pl.FP32], h: pl.Tensor[[4, 6], pl.INT8]) -> pl.Tensor[[8, 32], pl.INT16]:
    narrow = pl.tensor.reinterpret_view(x, pl.INT16)
    wide = pl.tensor.reinterpret_view(x, dtype=pl.INT64)
    dn = pl.tensor.view(x, layout=pl.TensorLayout.DN)
    dn_bytes = pl.tensor.reinterpret_view(dn, pl.UINT8)
    part = pl.tensor.slice(x, [8, 16], [0, 0], valid_shape=[3, 8])
    part_half = pl.tensor.reinterpret_view(part, pl.FP16)
    packed = pl.tensor.reinterpret_view(h, pl.INT16)
    return narrow
