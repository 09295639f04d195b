# Narrow tiles padded to whole 32-byte rows on the other paths a tile
# takes: [16, 4] FP32 tiles (held as [16, 8]) through a column sum and a
# column broadcast, a window copied out and assembled into another tile,
# a move within Vec, a fill of the padding; a [1, 4] row read and written
# one element at a time.
#   u = x - 1;  c = colsum(u);  e = u * r (each column);
#   a = w with rows 0..7 replaced by e[4:12];  d = c with d[0, 1] = c[0, 2].
import pypto.language as pl


@pl.program
class PadPaths:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 4], pl.FP32], r: pl.Tensor[[1, 4], pl.FP32], w: pl.Tensor[[16, 4], pl.FP32],
               a_out: pl.Out[pl.Tensor[[16, 4], pl.FP32]], c_out: pl.Out[pl.Tensor[[1, 4], pl.FP32]],
               d_out: pl.Out[pl.Tensor[[1, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP32]:
        t: pl.Tile[[16, 4], pl.FP32] = pl.load(x, [0, 0], [16, 4])
        u = pl.tile.adds(t, -1.0)
        c: pl.Tile[[1, 4], pl.FP32] = pl.col_sum(u)
        v: pl.Tile[[1, 4], pl.FP32] = pl.load(r, [0, 0], [1, 4])
        e = pl.col_expand_mul(u, v)
        part = pl.tile.slice(e, [8, 4], [4, 0])
        wt: pl.Tile[[16, 4], pl.FP32] = pl.load(w, [0, 0], [16, 4])
        a = pl.tile.assemble(wt, part, [0, 0])
        am = pl.move(a, target_memory=pl.MemorySpace.Vec)
        af = pl.tile.fillpad(am, pad_value=pl.PadValue.zero)
        a_out = pl.store(af, [0, 0], a_out)
        c_out = pl.store(c, [0, 0], c_out)
        s = pl.tile.read(c, [0, 2])
        d = pl.tile.write(c, [0, 1], s)
        d_out = pl.store(d, [0, 0], d_out)
        return a_out
