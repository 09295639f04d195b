# pyptocc-flags: --emit=pto
# A tile moved into the col_major layout (pl.tile.move's blayout=) is not
# an operand the row-major instructions take: a located error, where PTOAS
# would reject the module.
import pypto.language as pl


@pl.program
class MoveLayout:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        c = pl.tile.move(t, pl.Mem.Vec, pl.TileLayout.col_major)
        return pl.store(pl.add(t, c), [0, 0], out)
