# Subscript assignment into a tile, t[r0:r1, c0:c1] = v: today's sugar for
# pl.tile.assemble(t, v, [r0, c0]) (TINSERT), the tile updated in place.
import pypto.language as pl


@pl.program
class TileWindowAssign:
    @pl.function(type=pl.FunctionType.InCore)
    def assign(self, x: pl.Tensor[[16, 64], pl.FP32], w: pl.Tensor[[16, 64], pl.FP32],
               y: pl.Out[pl.Tensor[[16, 128], pl.FP32]], z: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        s = pl.load(x, [0, 0], [16, 64])
        t = pl.tile.full([16, 128], dtype=pl.FP32, value=0.0)
        t[:, 0:64] = s
        t[:, 64:128] = pl.muls(s, 2.0)
        y = pl.store(t, [0, 0], y)
        u = pl.load(w, [0, 0], [16, 64])
        u[4:8, :] = pl.load(x, [0, 0], [4, 64])
        z = pl.store(u, [0, 0], z)
        return y
