# Seed 05 7: the tile pto.tile.extract takes (block.view) has its
# source's rank.  (That it lies inside its source is the front end's
# check, for every slice: tests/errors/slice_bounds.py.)
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Extract:
    @pl.function(type=pl.FunctionType.InCore)
    def extract(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        v = pl.block.view(t, [32, 64], [16, 0])
        row = pl.block.view(t, [64], [0])
        r = pl.store(v, [0, 0], [32, 64], out)
        r2 = pl.store(row, [0, 0], [32, 64], out)
        return r
