# Operand shapes and types of the broadcasting ops: 2-D tiles, and one
# element type for the tile and its row or column vector.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Shapes:
    @pl.function(type=pl.FunctionType.InCore)
    def shapes(self, a: pl.Tensor[[64, 64], pl.FP32], v: pl.Tensor[[64], pl.FP32], h: pl.Tensor[[64, 1], pl.FP16],
               out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], o1: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        flat = pl.load(v, [0], [64])
        col = pl.load(a, [0, 0], [1, 64])
        half = pl.load(h, [0, 0], [64, 1])
        x = pl.col_expand_mul(flat, col)
        y = pl.row_expand_add(t, half)
        r = pl.store(x, [0], [64], o1)
        r2 = pl.store(y, [0, 0], [64, 64], out)
        return r2
