# pyptocc-flags: --passes=default
# The tensor forms of block ops (ops.def's .tile_op rows), in today's
# spelling: unary math, minimum, row_min, the row and column expansions,
# each converted to its block op on the tiles of its operands; and rows
# too long for UB (16384 FP32 values), where row_min combines the minima
# of blocks of columns and row_expand_sub takes the [8, 1] result.
import pypto.language as pl


@pl.program
class Twins:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[32, 64], pl.FP32], r: pl.Tensor[[32, 1], pl.FP32],
          c: pl.Tensor[[1, 64], pl.FP32]) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 1], pl.FP32]]:
        a = pl.abs(x)
        u = pl.tensor.log(pl.add(a, 1.0))
        v = pl.sqrt(a)
        w = pl.rsqrt(pl.add(a, 1.0))
        q = pl.recip(pl.add(a, 2.0))
        m = pl.minimum(pl.neg(x), u)
        y1 = pl.add(pl.add(u, v), pl.add(w, pl.add(q, m)))
        e1 = pl.row_expand_add(x, r)
        e2 = pl.row_expand_sub(e1, r)
        e3 = pl.row_expand_div(e2, pl.add(pl.abs(r), 1.0))
        e4 = pl.row_expand_mul(e3, r)
        f1 = pl.col_expand_mul(e4, c)
        f2 = pl.col_expand_div(f1, pl.add(pl.abs(c), 1.0))
        f3 = pl.col_expand_sub(f2, c)
        f4 = pl.col_expand_add(f3, c)
        y2 = pl.add(f4, pl.col_expand(x, c))
        y3 = pl.row_min(x)
        return y1, y2, y3

    @pl.function(type=pl.FunctionType.InCore)
    def spread(self, z: pl.Tensor[[8, 16384], pl.FP32]) -> pl.Tensor[[8, 16384], pl.FP32]:
        return pl.row_expand_sub(z, pl.row_min(z))

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], r: pl.Tensor[[32, 1], pl.FP32],
             c: pl.Tensor[[1, 64], pl.FP32], z: pl.Tensor[[8, 16384], pl.FP32]) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 1], pl.FP32], pl.Tensor[[8, 16384], pl.FP32]]:
        y1, y2, y3 = self.k(x, r, c)
        y4 = self.spread(z)
        return y1, y2, y3, y4
