# Fuzz finding (10-minute campaign on 8806741): an Opaque function with a
# scope and tensor ops outside it is orchestration code before outlining
# too, so the ops are the user's error (Verify's), not the pass's.
import pypto
import pypto.language as pl
import pytest
from pypto import DataType, ir, passes
from pypto.ir import builder


@pl.program
class Before:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        with pl.at(level=pl.Level.CORE_GROUP):
            b: pl.Tensor[[64], pl.FP32] = pl.mul(a, a)
        c: pl.Tensor[[64], pl.FP32] = pl.add(b, b)
        return c
