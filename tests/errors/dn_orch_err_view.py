# pyptocc-flags: --emit=cpp
# An orchestration window of a DN tensor: the runtime's Tensor views and
# reshapes count offsets row-major, which a column-major tensor's are not.
import pypto.language as pl


@pl.program
class DnOrchView:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(
        self,
        x: pl.Tensor[[16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)],
        out: pl.Out[pl.Tensor[[16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]],
    ) -> pl.Tensor[[16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]:
        return pl.store(pl.load(x, [0, 0], [16, 8]), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[32, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)],
        out: pl.Out[pl.Tensor[[16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]],
    ) -> pl.Tensor[[16, 8], pl.FP32, pl.TensorView(layout=pl.TensorLayout.DN)]:
        top = x[0:16, 0:8]
        out = self.copy(top, out)
        return out
