# Seed 05 4.4: elementwise operands have the same rank, shape and element
# type; vector ops work on Vec tiles; the one type of the elementwise form
# also covers the layout, of the operands and of the result.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Elementwise:
    @pl.function(type=pl.FunctionType.InCore)
    def elementwise(self, a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64], pl.FP32], h: pl.Tensor[[64, 64], pl.FP16],
                    out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        row = pl.load(v, [0], [64])
        col = pl.load(a, [0, 0], [64, 1])
        half = pl.load(h, [0, 0], [64, 64])
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        r1 = pl.store(pl.add(t, row), [0, 0], [64, 64], out)
        r2 = pl.store(pl.sub(t, col), [0, 0], [64, 64], r1)
        r3 = pl.store(pl.mul(t, half), [0, 0], [64, 64], r2)
        r4 = pl.store(pl.exp(m), [0, 0], [64, 64], r3)
        dn: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(blayout=pl.TileLayout.col_major)] = pl.load(a, [0, 0], [64, 64])
        r5 = pl.store(pl.add(t, dn), [0, 0], [64, 64], r4)
        s: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(blayout=pl.TileLayout.col_major)] = pl.add(t, t)
        r6 = pl.store(s, [0, 0], [64, 64], r5)
        return r6
