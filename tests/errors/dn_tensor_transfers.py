# pyptocc-flags: --emit=pto
# What pyptocc does not move of DN tensors: a window of a DN tensor of
# rank 3 (moved as rows of a row-major tile), a row-major tile stored into
# a DN tensor (pto-isa's TSTORE moves DN data only through column-major
# tiles), and DN strides that are not packed (dn_tensor_element.py: an
# element).
import pypto.language as pl


@pl.program
class DnTensorTransfers:
    @pl.function(type=pl.FunctionType.InCore)
    def batched(
        self,
        x: pl.Tensor[[2, 16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)],
        out: pl.Out[pl.Tensor[[2, 16, 8], pl.FP32]],
    ) -> pl.Tensor[[2, 16, 8], pl.FP32]:
        b = pl.load(x, [0, 0, 0], [1, 16, 8])
        return pl.store(b, [1, 0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def row_major(
        self,
        x: pl.Tensor[[16, 8], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]],
    ) -> pl.Tensor[[16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]:
        r = pl.load(x, [0, 0], [16, 8])
        return pl.store(pl.adds(r, 1.0), [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def strides(
        self,
        x: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(stride=[2, 16], layout=pl.TensorLayout.DN)],
        out: pl.Out[pl.Tensor[[16, 8], pl.FP32]],
    ) -> pl.Tensor[[16, 8], pl.FP32]:
        return out
