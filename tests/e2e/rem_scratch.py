# Today's tile.rem and tile.rems with their scratch tile given
# (pl.rem(a, b, tmp), pl.rems(a, s, tmp)): TREM and TREMS write it.  The
# dividends are of either sign: the remainder takes the divisor's (floor mod).
import pypto.language as pl


@pl.program
class RemScratch:
    @pl.function(type=pl.FunctionType.InCore)
    def remainders(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
                   r: pl.Out[pl.Tensor[[16, 32], pl.FP32]], s: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        x = pl.load(a, [0, 0], [16, 32])
        y = pl.load(b, [0, 0], [16, 32])
        tmp = pl.tile.create([16, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        r = pl.store(pl.rem(x, y, tmp), [0, 0], r)
        tmp2 = pl.tile.create([16, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        s = pl.store(pl.rems(x, 3.0, tmp2), [0, 0], s)
        return r, s
