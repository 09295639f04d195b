# Fuzz finding (fuzz_frontend, 10-minute campaign on 8ba08b6): a function
# without a return annotation returning (status, (tile,)): the inferred
# result type nested a tuple, which the printed annotation cannot say.
# Now a located error at the nested tuple.
import pypto.language as pl
import pypto.language.distributed as pld
import pytest
from pypto import ir

n = pl.dynamic("N")

@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def load_tile(self, arg: pl.Tensor[[n, 64], pl.FP32]):
        tile = pl.load(arg, [0, 0], [n, 64], valid_shape=[n - 1, 64])
        status = pl.const(0, pl.INT64)
        return status, (tile,)

    @pl.function
    def main(self, actual: pl.Tensor[[32, 64], pl.FP32]):
        return self.load_tile(actual)
