# row_argmax's scratch tile has the source's element type (PTOAS and
# pto-isa's TROWARGMAX); the result is an INT32 index, not a value.
import pypto.language as pl


@pl.program
class RowArg:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 1], pl.INT32]]) -> pl.Tensor[[16, 1], pl.INT32]:
        t = pl.load(x, [0, 0], [16, 64])
        tmp = pl.tile.create([16, 64], dtype=pl.FP16)
        a = pl.tile.row_argmax(t, tmp)
        b: pl.Tile[[16, 1], pl.FP32] = pl.row_argmin(t, pl.tile.create([16, 64], dtype=pl.FP32))
        out = pl.store(a, [0, 0], out)
        return out
