# Fuzz finding (10-minute campaign on 8806741): nested pl.at scopes with a
# tensor op in the outer one; outlining makes the outer scope's function
# orchestration code, where the op is the user's error (Verify's), not the
# pass's (an internal error under --enable-debug-passes).
import pypto
import pypto.language as pl
import pypto.language.distributed as pld
import pytest
from pypto import DataType, ir, passes
from pypto.ir.printer import python_print
from pypto.language.parser.diagnostics.exceptions import ParserSyntaxError
from pypto.language.parser.text_parser import parse as text_parse


@pl.program
class Before:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
            with pl.at(level=pl.Level.CORE_GROUP):
                z: pl.Tensor[[64], pl.FP32] = pl.mul(y, y)
        return z
