# Today's column reductions and products (pl.tile.col_sum, col_max,
# col_min, col_prod; pl.tile.row_prod with its scratch tile) of an 8x64
# tile, the tile plus its column sums (pl.tile.col_expand_add), and the
# products of each row of an 8x8 window.
import pypto.language as pl


@pl.program
class ColProd:
    @pl.function(type=pl.FunctionType.InCore)
    def cols(self, x: pl.Tensor[[8, 64], pl.FP32], s: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
             mx: pl.Out[pl.Tensor[[1, 64], pl.FP32]], mn: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
             p: pl.Out[pl.Tensor[[1, 64], pl.FP32]], rp: pl.Out[pl.Tensor[[8, 1], pl.FP32]],
             e: pl.Out[pl.Tensor[[8, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 64])
        cs = pl.tile.col_sum(t)
        s = pl.store(cs, [0, 0], s)
        e = pl.store(pl.tile.col_expand_add(t, cs), [0, 0], e)
        mx = pl.store(pl.tile.col_max(t), [0, 0], mx)
        mn = pl.store(pl.tile.col_min(t), [0, 0], mn)
        p = pl.store(pl.tile.col_prod(t), [0, 0], p)
        w = pl.load(x, [0, 8], [8, 8])
        tmp = pl.tile.create([8, 8], dtype=pl.FP32)
        rp = pl.store(pl.tile.row_prod(w, tmp), [0, 0], rp)
        return s
