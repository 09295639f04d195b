# A Spmd function (what OutlineClusterScopes makes of `with pl.spmd(n):`,
# 09-outline_cluster_scopes.md) called from the orchestration: its kernel
# runs once per block, core_num=4 blocks, each on a quarter of the rows.
# y = x * 2 + 1.
import pypto.language as pl


@pl.program
class SpmdFunction:
    @pl.function(type=pl.FunctionType.InCore)
    def quarter(self, x: pl.Tensor[[64, 32], pl.FP32], y: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        b = pl.tile.get_block_idx()
        t = pl.load(x, [b * 16, 0], [16, 32])
        return pl.store(pl.adds(pl.muls(t, 2.0), 1.0), [b * 16, 0], y)

    @pl.function(type=pl.FunctionType.Spmd, attrs={"core_num": 4})
    def blocks(self, x: pl.Tensor[[64, 32], pl.FP32], y: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        y = self.quarter(x, y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], y: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        y = self.blocks(x, y)
        return y
