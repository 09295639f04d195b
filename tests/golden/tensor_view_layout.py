# Today's pl.tensor.view with layout= (pypto DeduceTensorViewType): the
# tensor's memory read again in layout ND or DN.  Without a shape a change
# of layout swaps the last two dimensions and their strides (the tensor's
# own, else its packed ones) and its valid shape; with a shape, the packed
# strides of that shape.  pl.tensor.view(t, shape) alone is a reshape.
import pypto.language as pl

N = pl.dynamic("N")


@pl.function
def views(x: pl.Tensor[[8, 4], pl.FP32], y: pl.Tensor[[2, 16], pl.FP32], z: pl.Tensor[[N, 4], pl.FP32],
          w: pl.Tensor[[3, 8, 4], pl.FP16]) -> pl.Tensor[[4, 8], pl.FP32]:
    same = pl.tensor.view(x, layout=pl.TensorLayout.ND)
    dn = pl.tensor.view(x, layout=pl.TensorLayout.DN)
    back = pl.tensor.view(dn, layout=pl.TensorLayout.ND)
    shaped = pl.tensor.view(y, [4, 8], layout=pl.TensorLayout.DN)
    flat = pl.tensor.view(y, [4, 8], layout=pl.TensorLayout.ND)
    sym = pl.tensor.view(z, layout=pl.TensorLayout.DN)
    deep = pl.tensor.view(w, [3, 4, 8], layout=pl.TensorLayout.DN)
    part = pl.tensor.slice(x, [8, 4], [0, 0], valid_shape=[5, 3])
    part_dn = pl.tensor.view(part, layout=pl.TensorLayout.DN)
    return shaped
