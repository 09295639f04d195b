# The views of DN tensors (column-major in their last two dimensions):
# packed ones as pypto's MaterializeTensorStrides writes them or with no
# strides given (2-D, of a dimension variable, and of rank 3: the outer
# stride one [M, N] block), a 2-D window of a wider column-major tensor
# (its columns 24 apart), and a column vector given as DN.  The 2-D ones
# load into column-major tiles and store back.
import pypto.language as pl

K = pl.dynamic("K")


@pl.program
class DnTensorViews:
    @pl.function(type=pl.FunctionType.InCore)
    def views(
        self,
        packed: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(stride=[1, 16], layout=pl.TensorLayout.DN)],
        wide: pl.Tensor[[16, 4], pl.FP32, pl.TensorView(stride=[1, 24], layout=pl.TensorLayout.DN)],
        symbolic: pl.Tensor[[K, 8], pl.FP32, pl.TensorView(stride=[1, K], layout=pl.TensorLayout.DN)],
        batched: pl.Tensor[[2, 4, 8], pl.FP32, pl.TensorView(stride=[32, 1, 4], layout=pl.TensorLayout.DN)],
        column: pl.Tensor[[16, 1], pl.FP32, pl.TensorView(stride=[1, 16], layout=pl.TensorLayout.DN)],
        out: pl.Out[pl.Tensor[[16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]],
    ) -> pl.Tensor[[16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]:
        a = pl.load(packed, [0, 0], [16, 8])
        out = pl.store(a, [0, 0], out)
        b = pl.load(wide, [0, 0], [16, 4])
        out = pl.store(b, [0, 4], out)
        c = pl.load(column, [0, 0], [16, 1])
        out = pl.store(c, [0, 7], out)
        return out
