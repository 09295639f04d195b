# pl.tile.row_expand_add with a scratch tile (PTOAS's and pto-isa's
# overload with tmp): out = x + v broadcast along each row, for FP32 and
# INT32.  On A2/A3 the scratch holds a 32-byte block of each row: the FP32
# kernel's is larger than that, the INT32 kernel's too small, which
# Legalize replaces by a [32, 8] one.
import pypto.language as pl


@pl.program
class RowExpandAddTmp:
    @pl.function(type=pl.FunctionType.InCore)
    def f32(self, x: pl.Tensor[[16, 64], pl.FP32], v: pl.Tensor[[16, 1], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        xt = pl.load(x, [0, 0], [16, 64])
        vt = pl.load(v, [0, 0], [16, 1])
        tmp = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        return pl.store(pl.tile.row_expand_add(xt, vt, tmp), [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def i32(self, x: pl.Tensor[[32, 32], pl.INT32], v: pl.Tensor[[32, 1], pl.INT32],
            out: pl.Out[pl.Tensor[[32, 32], pl.INT32]]) -> pl.Tensor[[32, 32], pl.INT32]:
        xt = pl.load(x, [0, 0], [32, 32])
        vt = pl.load(v, [0, 0], [32, 1])
        tmp = pl.tile.create([8, 8], dtype=pl.INT32, target_memory=pl.Mem.Vec)
        return pl.store(pl.tile.row_expand_add(xt, vt, tmp), [0, 0], out)
