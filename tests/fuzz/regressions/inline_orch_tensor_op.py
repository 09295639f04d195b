# Fuzz finding (10-minute campaign on 8806741): an Inline helper with a
# tensor op expanded into an Orchestration function: the user's error
# (Verify's), not InlineFunctions' (an internal error with debug passes).
import pypto.language as pl
import pytest
from pypto import ir, passes
from pypto.ir import OptimizationStrategy, PassManager
from pypto.pypto_core import passes as core_passes


@pl.program
class Before:
    @pl.function(type=pl.FunctionType.Inline)
    def helper(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.manual_scope():
            a, a_tid = pl.submit(self.helper, x)
        return a
