# Found by fuzz_pipeline (seed 23) on 1ec307e: a tile's valid shape names
# 'n', which the kernel has no value of; CheckTileIR let it through and the
# tile IR printer reported it ("'n' has no value in the kernel").  The pass
# checks the variables of a valid shape's entries now.
# pyptocc-flags: --passes=convert_to_ssa
# ConvertToSSA renames variables inside types too: the parameter n in a
# TileView's valid shape becomes n_0 with the parameter.
import pypto.language as pl

@pl.function
def f(a: pl.Tensor[[64, 64], pl.FP32], nn: pl.Scalar[pl.INT64]) -> pl.Tile[[64, 64], pl.FP32]:
    t: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[64, n])] = pl.block.load(a, [0, 0], [64, 64])
    return t
