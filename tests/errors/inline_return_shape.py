# A function expanded into its caller (Inline, Group) that returns a tensor
# of another shape than it declares: the caller's code was checked against
# the declared type, so the expansion is refused, located at the return.
# (A call left standing, to an Opaque function, only warns: -Wannotation.)
# pyptocc-flags: --emit=pto
import pypto.language as pl


@pl.program
class InlineReturnShape:
    @pl.function(type=pl.FunctionType.Inline)
    def widen(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 8], pl.FP32]:
        return a

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 8], pl.FP32]:
        b = self.widen(a)
        return b
