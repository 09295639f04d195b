# A task may not leave to the runtime a pl.Out parameter with strides of
# its own: the tensor created for it is packed.
import pypto.language as pl


@pl.program
class GapStrided:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32],
          o: pl.Out[pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]]) -> pl.Tensor[[16, 64], pl.FP32]:
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.manual_scope():
            b, b_tid = pl.submit(self.k, x)
        return b
