# pl.tile.assemble (today's catalog; TINSERT): a 16x128 tile built from
# two 16x64 halves written at a loop's column offset, and a row window of
# a second tile overwritten in place.
#   y = [x, 2 x];  z = w with rows 4..7 replaced by x[0:4, :].
import pypto.language as pl


@pl.program
class Assemble:
    @pl.function(type=pl.FunctionType.InCore)
    def halves(self, x: pl.Tensor[[16, 64], pl.FP32], w: pl.Tensor[[16, 64], pl.FP32],
               y: pl.Out[pl.Tensor[[16, 128], pl.FP32]], z: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        s = pl.load(x, [0, 0], [16, 64])
        t = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
        for i in pl.range(2):
            t = pl.tile.assemble(t, pl.muls(s, pl.cast(i + 1, pl.FP32)), [0, i * 64])
        y = pl.store(t, [0, 0], y)
        u = pl.load(w, [0, 0], [16, 64])
        part = pl.load(x, [0, 0], [4, 64])
        u2 = pl.tile.assemble(u, part, [4, 0])
        z = pl.store(u2, [0, 0], z)
        return y
