# tile.sels (mask, src, tmp, scalar): the mask is a tile of 8-, 16- or
# 32-bit integers whose valid bits cover src's columns, and src a tile of
# an element type TSELS selects.
import pypto.language as pl


@pl.program
class SelsTmp:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        tmp = pl.tile.create([1, 64], dtype=pl.FP32)
        a = pl.tile.sels(t, t, tmp, 0.0)
        narrow = pl.tile.create([16, 4], dtype=pl.UINT8)
        b = pl.tile.sels(narrow, t, tmp, 0.0)
        short = pl.tile.create([8, 8], dtype=pl.UINT8)
        c = pl.tile.sels(short, t, tmp, 0.0)
        w = pl.tile.create([16, 64], dtype=pl.BF16)
        d = pl.tile.sels(pl.tile.create([16, 8], dtype=pl.UINT8), w, tmp, 0.0)
        out = pl.store(t, [0, 0], out)
        return out
