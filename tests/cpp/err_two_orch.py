# pyptocc-flags: --emit=cpp --no-passes
# One C++ stream runs one Orchestration function (cpp.md 1): a program with
# several needs --entry=NAME, or --output-dir (tests/cli.test); with no
# kernel and no Orchestration function there is nothing to emit
# (err_no_kernel.py).
import pypto.language as pl


@pl.program
class TwoOrch:
    @pl.function(type=pl.FunctionType.Orchestration)
    def first(self, a_0: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        return a_0

    @pl.function(type=pl.FunctionType.Orchestration)
    def second(self, a_0: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        return a_0
