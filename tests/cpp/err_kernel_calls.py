# pyptocc-flags: --emit=cpp --no-passes
# Verify refuses tensor ops and calls in InCore functions; without it the
# C++ emitter still does: a tensor op and a function call cannot be emitted
# inside a kernel (cpp.md 4.3).  The Opaque function 'helper' is no kernel
# and is left out.
import pypto.language as pl


@pl.program
class KernelCalls:
    @pl.function(type=pl.FunctionType.InCore)
    def tensor_ops(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        c = pl.add(a, b)
        d = self.helper(c)
        return d

    @pl.function
    def helper(self, a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        b = pl.mul(a, a)
        return b
