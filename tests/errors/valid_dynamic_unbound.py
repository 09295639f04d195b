# pyptocc-flags: --emit=pto
# A tile's run-time valid extent is a scalar of the kernel, spelled where
# the tile is made (alloc_tile's valid_row, the Tile's constructor): a
# name the kernel has no value of is Legalize's error (the fuzzer found
# it reaching the PTO printer).  A parameter, 'known', is fine.
import pypto.language as pl


@pl.program
class ValidDynamicUnbound:
    @pl.function(type=pl.FunctionType.InCore)
    def unknown(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                nn: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[64, n])] = pl.load(a, [0, 0], [64, 64])
        r = pl.store(t, [0, 0], [64, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def known(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
              n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t: pl.Tile[[64, 64], pl.FP32, tile_view=pl.TileView(valid_shape=[n, 64])] = pl.load(a, [0, 0], [64, 64])
        r = pl.store(t, [0, 0], [64, 64], out)
        return r
