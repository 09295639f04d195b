# A tile-scalar compare of a tile 16 columns wide: its packed UINT8 mask
# is a tile of 32 bytes a row (a Vec row's 32-byte alignment) of which the
# first two are valid, wider than the tile compared, which TCMPS takes
# (only the valid rows must match); sel reads it back.
# o[i, j] = a[i, j] where x[i, j] > 0.5, else x[i, j].
import pypto.language as pl


@pl.program
class CmpsNarrowMask:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(
        self,
        x: pl.Tensor[[16, 16], pl.FP32],
        a: pl.Tensor[[16, 16], pl.FP32],
        o: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        tx = pl.load(x, [0, 0], [16, 16])
        ta = pl.load(a, [0, 0], [16, 16])
        mask: pl.Tile[[16, 32], pl.UINT8] = pl.tile.cmps(tx, 0.5, cmp_type=4)
        o = pl.store(pl.sel(mask, ta, tx), [0, 0], o)
        return o
