# pyptocc-flags: --emit=pto
# A tile's big layout (blayout) is row_major or col_major: none_box is a
# value of the small layout only.  PTOAS refuses "blayout=none_box"
# ("unknown blayout"), and pto-isa's BLayout has no such value, so Legalize
# reports it where the tile is defined (found by the fuzz smoke run).  A
# col_major Vec tile moves only to and from DN tensors (pto-isa's TLOAD
# and TSTORE), so w's load and store from nd tensors are reported too.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    v: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(blayout=pl.TileLayout.none_box)] = pl.load(a, [0, 0], [64, 64])
    w: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(blayout=pl.TileLayout.col_major)] = pl.load(a, [0, 0], [64, 64])
    r = pl.store(v, [0, 0], [64, 64], out)
    r2 = pl.store(w, [0, 0], [64, 64], r)
    return r2
