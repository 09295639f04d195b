# Bad uses of pl.tile.assemble (TINSERT): each a located error of its type
# deduction.
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        s = pl.load(x, [0, 0], [8, 32])
        h = pl.cast(s, pl.FP16)
        a = pl.tile.assemble(t, s, [12, 0])
        b = pl.tile.assemble(s, t, [0, 0])
        c = pl.tile.assemble(t, h, [0, 0])
        d = pl.tile.assemble(t, s, [0, 0, 0])
        e = pl.tile.assemble(t, x, [0, 0])
        return pl.store(t, [0, 0], y)
