# Today's tile.row_expand(target, row_vec): a [M, 1] tile broadcast along
# the rows of the target's shape (TROWEXPAND from a column vector); the
# seed era's one-operand form, each row's first element along the row,
# stays; pl.row_expand on tiles reaches both. An FP16 vector spread over
# an FP32 target is converted first (the result has the promoted type).
import pypto.language as pl

R = 16


@pl.program
class RowExpandTo:
    @pl.function(type=pl.FunctionType.InCore)
    def row_expand_to(
        self,
        a: pl.Tensor[[R, 64], pl.FP32],
        v: pl.Tensor[[R, 1], pl.FP32],
        h: pl.Tensor[[R, 1], pl.FP16],
        y: pl.Out[pl.Tensor[[R, 64], pl.FP32]],
        z: pl.Out[pl.Tensor[[R, 32], pl.FP32]],
        w: pl.Out[pl.Tensor[[R, 64], pl.FP32]],
    ) -> tuple[pl.Tensor[[R, 64], pl.FP32], pl.Tensor[[R, 32], pl.FP32], pl.Tensor[[R, 64], pl.FP32]]:
        t = pl.load(a, [0, 0], [R, 64])
        r = pl.load(v, [0, 0], [R, 1])
        e = pl.tile.row_expand(t, r)
        s1 = pl.store(pl.add(e, t), [0, 0], y)
        u = pl.load(a, [0, 32], [R, 32])
        f = pl.row_expand(u)
        s2 = pl.store(f, [0, 0], z)
        g = pl.tile.row_expand(t, pl.load(h, [0, 0], [R, 1]))
        s3 = pl.store(g, [0, 0], w)
        return s1, s2, s3
