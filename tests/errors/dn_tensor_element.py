# pyptocc-flags: --emit=pto
# A single element of a DN tensor: pyptocc reads and writes elements at
# row-major offsets, which a column-major tensor does not have.
import pypto.language as pl


@pl.program
class DnTensorElement:
    @pl.function(type=pl.FunctionType.InCore)
    def element(
        self,
        x: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)],
        y: pl.Tensor[[16, 8], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 8], pl.FP32]],
    ) -> pl.Tensor[[16, 8], pl.FP32]:
        s = pl.tensor.read(x, [1, 2])
        r = pl.load(y, [0, 0], [16, 8])
        return pl.store(pl.adds(r, s), [0, 0], out)
