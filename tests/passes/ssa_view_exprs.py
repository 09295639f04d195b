# pyptocc-flags: --passes=convert_to_ssa
# ConvertToSSA renames variables inside types too: the parameter n in a
# TileView's valid shape becomes n_0 with the parameter.
import pypto.language as pl

@pl.function
def f(a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Tile[[64, 64], pl.FP32]:
    t: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[64, n])] = pl.block.load(a, [0, 0], [64, 64])
    return t
