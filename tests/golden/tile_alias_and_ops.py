# pl.tile.X is pl.block.X; the keyword spellings and_/or_/not_ and the
# printed spellings and/or/not name the same ops; unified dispatch picks
# the *s ops for a scalar right operand; typed fill values.
import pypto.language as pl


@pl.program
class Ops:
    @pl.function
    def f(self, t: pl.Tensor[[16, 16], pl.INT16], s: pl.Scalar[pl.INT16]) -> pl.Tile[[16, 16], pl.INT16]:
        a = pl.tile.load(t, [0, 0], [16, 16])
        b = pl.block.and_(a, a)
        c = pl.block.or(b, a)
        d = pl.tile.not_(c)
        e = pl.sub(d, s)
        f = pl.block.full([16, 16], 7, dtype=pl.INT16)
        g = pl.block.full([16, 16], -1.5, dtype=pl.FP32)
        h = pl.maximum(e, f)
        i = pl.block.cast(h, pl.FP32, "floor")
        j = pl.add(i, g)
        k = pl.block.cast(j, target_type=pl.INT16)
        return k
