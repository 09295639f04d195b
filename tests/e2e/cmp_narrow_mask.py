# A tile-tile compare of tiles 16 FP32 columns wide: its packed UINT8 mask
# is 32 bytes a row (a Vec row's 32-byte alignment), wider than the tiles
# compared.  PTOAS's A2/A3 tcmp and pto-isa's TCMP take that (they ask for
# equal rows); sel reads the mask back.
# o[i, j] = a[i, j] where x[i, j] < y[i, j], else y[i, j].
import pypto.language as pl


@pl.program
class CmpNarrowMask:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(
        self,
        x: pl.Tensor[[16, 16], pl.FP32],
        y: pl.Tensor[[16, 16], pl.FP32],
        a: pl.Tensor[[16, 16], pl.FP32],
        o: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        tx = pl.load(x, [0, 0], [16, 16])
        ty = pl.load(y, [0, 0], [16, 16])
        ta = pl.load(a, [0, 0], [16, 16])
        mask: pl.Tile[[16, 32], pl.UINT8] = pl.tile.cmp(tx, ty, cmp_type=2)
        o = pl.store(pl.sel(mask, ta, ty), [0, 0], o)
        return o
