# Fuzz finding (fuzz_frontend, 10-minute campaign on 8ba08b6): a call's
# result carried the callee's MemRef (a printed memory plan), printed in
# the caller as the caller's MemRef of the same number: the reparse bound
# it to another definition.  A call's result has no MemRef of its callee.
import os
import subprocess
import sys
import textwrap
from typing import cast
import pypto.language as pl
import pytest
from pypto import ir, passes
from pypto.pypto_core import passes as _core_passes


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(
        self,
        out: pl.Out[pl.Tensor[[64], pl.FP32, pl.MemRef("shared_ddr", 0, 256)]],
    ) -> pl.Tensor[[64], pl.FP32, pl.MemRef("shared_ddr", 0, 256)]:
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def consume(
        self,
        x: pl.Tensor[[64], pl.FP32, pl.MemRef("shared_ddr", 128, 256)],
    ) -> pl.Tensor[[64], pl.FP32, pl.MemRef("shared_ddr", 128, 256)]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration, auto_scope=False)
    def main(
        self,
        left: pl.Tensor[[64], pl.FP32, pl.MemRef("shared_ddr", 0, 256)],
        right: pl.Tensor[[64], pl.FP32, pl.MemRef("shared_ddr", 128, 256)],
    ) -> pl.Tensor[[64], pl.FP32, pl.MemRef("shared_ddr", 128, 256)]:
        with pl.scope(mode=pl.ScopeMode.AUTO):
            _produced, producer_tid = pl.submit(self.fill, left)
            out, _ = pl.submit(self.consume, right)
        return out
