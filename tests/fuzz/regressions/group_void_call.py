# Fuzz finding (10-minute campaign on 8806741): a call of a Group function
# that returns nothing, as a statement, was left in place by InlineFunctions
# after the function was expanded and removed ("call of 'main_cluster_0',
# which is not a function of the program").
import pypto
import pypto.language as pl
import pytest
from pypto import ir, passes


@pl.program
class Expected:
    # _y is not used after the cluster scope, so the outlined Group
    # function has no return types.
    @pl.function(type=pl.FunctionType.Group)
    def main_cluster_0(self, x: pl.Tensor[[64], pl.FP32]):
        _y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)

    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        self.main_cluster_0(x)
        return x
