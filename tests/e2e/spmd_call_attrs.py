# Today's printer puts a Spmd function's launch on its call, not on the
# function: self.blocks(x, y, attrs={"core_num": 4, "sync_start": True})
# (09-outline_cluster_scopes.md).  The call's core_num is what runs: four
# blocks of 16 rows each (one block would leave 48 rows of y unwritten).
# arg_directions is kept and printed back.  y = x * 2 + 1.
import pypto.language as pl


@pl.program
class SpmdCallAttrs:
    @pl.function(type=pl.FunctionType.InCore)
    def quarter(self, x: pl.Tensor[[64, 32], pl.FP32], y: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        b = pl.tile.get_block_idx()
        t = pl.load(x, [b * 16, 0], [16, 32])
        return pl.store(pl.adds(pl.muls(t, 2.0), 1.0), [b * 16, 0], y)

    @pl.function(type=pl.FunctionType.Spmd)
    def blocks(self, x: pl.Tensor[[64, 32], pl.FP32], y: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        y = self.quarter(x, y, attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing]})
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], y: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        y = self.blocks(x, y, attrs={"core_num": 4, "sync_start": True})
        return y
