# pyptocc-flags: --emit=pto
# pl.tile.col_sum(tile, tmp_tile), the binary-tree column sum: a row of
# the scratch must hold the source's valid columns, and the source's
# valid shape must be known at compile time (PTOAS 0.60 checks the one
# against the other).
import pypto.language as pl


@pl.program
class ColSumTmp:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        rows: pl.Scalar[pl.INDEX],
        y: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        narrow = pl.tile.create([8, 32], dtype=pl.FP32)
        a = pl.tile.col_sum(t, narrow)
        d = pl.load(x, [0, 0], [16, 64], valid_shape=[rows, 64])
        wide = pl.tile.create([8, 64], dtype=pl.FP32)
        b = pl.tile.col_sum(d, wide)
        y = pl.store(a, [0, 0], y)
        return pl.store(b, [0, 0], y)
