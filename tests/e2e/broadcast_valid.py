# Broadcasts of partly valid targets keep the target's valid shape (pypto's
# tile.col_expand, row_expand, expands), so a store writes exactly that
# part; a [1, 16] column vector wholly valid, broadcast over a target
# valid in 12 columns, is read through a view of 12 columns (PTOAS's
# tcolexpand asks for equal valid columns on source and destination).
import pypto.language as pl


@pl.program
class BroadcastValid:
    @pl.function(type=pl.FunctionType.InCore)
    def broadcast_valid(
        self,
        x: pl.Tensor[[8, 16], pl.FP32],
        w: pl.Tensor[[1, 16], pl.FP32],
        c: pl.Out[pl.Tensor[[8, 12], pl.FP32]],
        m: pl.Out[pl.Tensor[[8, 12], pl.FP32]],
        r: pl.Out[pl.Tensor[[5, 16], pl.FP32]],
        e: pl.Out[pl.Tensor[[8, 12], pl.FP32]],
    ) -> tuple[
        pl.Tensor[[8, 12], pl.FP32],
        pl.Tensor[[8, 12], pl.FP32],
        pl.Tensor[[5, 16], pl.FP32],
        pl.Tensor[[8, 12], pl.FP32],
    ]:
        tx = pl.load(x, [0, 0], [8, 16])
        tw = pl.load(w, [0, 0], [1, 16])
        left = pl.set_validshape(tx, 8, 12)
        top = pl.set_validshape(tx, 5, 16)
        s1 = pl.store(pl.col_expand(left, tw), [0, 0], c)
        s2 = pl.store(pl.col_expand_mul(left, tw), [0, 0], m)
        s3 = pl.store(pl.row_expand(top), [0, 0], r)
        s4 = pl.store(pl.expands(left, 3.0), [0, 0], e)
        return s1, s2, s3, s4
