# A tile's valid shape may name an index value of the kernel (a scalar
# parameter, a loop variable, a symbolic dimension); a name the kernel has
# no value of, or one that is not a scalar, is reported by the lowering
# at the name (the fuzz oracle found CheckTileIR, the check before it,
# letting it through to the printer).
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class ValidName:
    @pl.function(type=pl.FunctionType.InCore)
    def unknown(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                nn: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[64, n])] = pl.load(a, [0, 0], [64, 64])
        r = pl.store(t, [0, 0], [64, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def known(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
              n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[64, n])] = pl.load(a, [0, 0], [64, 64])
        r = pl.store(t, [0, 0], [64, 64], out)
        return r
