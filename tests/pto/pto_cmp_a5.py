# pyptocc-flags: --arch=a5
# cmp and cmps of INT8 tiles (pto-mlir.md 6.2: cmpMode written after the
# last input), which A5's tcmp takes and A2/A3's does not (PTOAS 0.60:
# i32/f16/f32 there).  A compare writes a packed UINT8 mask, one bit per
# element: a [16, 64] tile's mask holds 8 valid bytes of its 64 a row, and
# has the sources' shape, as A5's tcmp verifier asks.
import pypto.language as pl


@pl.program
class Compare:
    @pl.function(type=pl.FunctionType.InCore)
    def compare(
        self,
        a: pl.Tensor[[16, 64], pl.INT8],
        b: pl.Tensor[[16, 64], pl.INT8],
        out: pl.Out[pl.Tensor[[16, 64], pl.INT8]],
    ) -> pl.Tensor[[16, 64], pl.INT8]:
        ta = pl.load(a, [0, 0], [16, 64])
        tb = pl.load(b, [0, 0], [16, 64])
        lt: pl.Tile[[16, 64], pl.UINT8, tile_view=pl.TileView(valid_shape=[16, 8])] = pl.cmp(ta, tb, cmp_type=2)
        ge = pl.cmps(ta, 3, cmp_type=5)
        lo = pl.sel(lt, ta, tb)
        hi = pl.sel(ge, tb, lo)
        return pl.store(hi, [0, 0], [16, 64], out)
