# tile.gather_row of a window narrower than its Vec tile: two rows of 32
# columns of a pool, at row 1, column 32 of a [4, 64] tile of -1, and one
# row of 16 columns at a run-time row, column 16.  The sub-view has the
# tile's row stride: PTOAS's C++ and pyptocc's make it a Tile of the
# tile's columns, valid as the window (pto-isa's CPU TLOAD fills such a
# Tile with its pad value before it loads, which the NPU does not:
# tests/conformance/known).
import pypto.language as pl


@pl.program
class GatherRowNarrow:
    @pl.function(type=pl.FunctionType.InCore)
    def gather_narrow(
        self, pool: pl.Tensor[[64, 32], pl.FP32], r: pl.Scalar[pl.INDEX], part: pl.Out[pl.Tensor[[4, 64], pl.FP32]]
    ) -> pl.Tensor[[4, 64], pl.FP32]:
        t = pl.tile.full([4, 64], dtype=pl.FP32, value=-1.0)
        t = pl.tile.gather_row(t, pool, [1, 32], [40, 0], [2, 32])
        t = pl.tile.gather_row(t, pool, [r, 16], [r, 8], [1, 16])
        return pl.store(t, [0, 0], part)
