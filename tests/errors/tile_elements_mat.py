# pyptocc-flags: --emit=pto
# tile.read of a Mat tile: the scalar unit reaches Vec only (pto-isa's
# Tile::GetValue, PTOAS TGetValOp), which the lowering says where it is.
import pypto.language as pl


@pl.program
class TileElementsMat:
    @pl.function(type=pl.FunctionType.InCore)
    def spaces(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        m = pl.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        c = pl.tile.read(m, [0, 0])
        t[0, 1] = c
        out = pl.store(t, [0, 0], out)
        return out
