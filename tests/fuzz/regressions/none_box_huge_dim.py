# Fuzz finding (10-minute campaign on 8806741): a none_box tile rule
# computed n * bytes for a dimension near INT64_MAX (signed overflow).
import time
import pypto.language as pl
import pytest
from pypto import ir, passes
from pypto.ir.pass_manager import OptimizationStrategy, PassManager

huge_extent = 9223372036854775807

@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def overflow_volume(
        self,
        out: pl.Out[pl.Tensor[[8, huge_extent], pl.FP32]],
        data: pl.Tensor[[2, huge_extent], pl.FP32],
    ) -> pl.Tensor[[8, huge_extent], pl.FP32]:
        for i, (out_iter,) in pl.range(0, 2, init_values=(out,)):
            tile = pl.tile.load(data, [0, 0], [2, huge_extent], [2, huge_extent])
            out_next = pl.tile.store(tile, [i * 2, 0], out_iter)
            out_rv = pl.yield_(out_next)
        return out_rv

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        out: pl.Out[pl.Tensor[[8, huge_extent], pl.FP32]],
        data: pl.Tensor[[2, huge_extent], pl.FP32],
    ) -> pl.Tensor[[8, huge_extent], pl.FP32]:
        return self.overflow_volume(out, data)
