# A kernel's call with core_num (a launch on several cores) outside a Spmd
# function: pyptocc runs blocks only for Spmd functions (pl.spmd), so the
# call would run once where the program means n times.  An error when
# compiling; --emit=py prints it back as written.
# pyptocc-flags: --emit=pto
import pypto.language as pl


@pl.program
class CallCoreNumKernel:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        return pl.store(t, [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        y = self.k(x, y, attrs={"core_num": 2})
        return y
