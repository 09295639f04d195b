# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,verify --emit=pto
# --emit=pto with no kernel in the program is an error; a note per function
# says why it is not one (an Orchestration function, an Opaque function that
# uses tensor operations or calls another function).
import pypto.language as pl


@pl.program
class NoKernel:
    @pl.function
    def scale(self, a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        b: pl.Tensor[[64, 64], pl.FP32] = pl.mul(a, 2.0)
        return b

    @pl.function
    def twice(self, a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        b: pl.Tensor[[64, 64], pl.FP32] = self.scale(a)
        return b

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        b: pl.Tensor[[64, 64], pl.FP32] = self.twice(a)
        return b
