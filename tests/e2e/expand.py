# Broadcasts (ops.md 5.6): row_expand_add/sub/mul/div with an [R, 1] column
# vector loaded from a DN tensor, row_expand, col_expand and
# col_expand_mul/div/sub with a [1, C] row, expands.  One output per op.
import pypto.language as pl

R = 16
C = 64


@pl.program
class Expand:
    @pl.function(type=pl.FunctionType.InCore)
    def expand(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        v: pl.Tensor[[R, 1], pl.FP32],
        w: pl.Tensor[[1, C], pl.FP32],
        o_radd: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_rsub: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_rmul: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_rdiv: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_rexp: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_cexp: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_cmul: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_cdiv: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_csub: pl.Out[pl.Tensor[[R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        tx = pl.load(x, [0, 0], [R, C])
        tv = pl.load(v, [0, 0], [R, 1])
        tw = pl.load(w, [0, 0], [1, C])
        r1 = pl.store(pl.row_expand_add(tx, tv), [0, 0], [R, C], o_radd)
        r2 = pl.store(pl.row_expand_sub(tx, tv), [0, 0], [R, C], o_rsub)
        r3 = pl.store(pl.row_expand_mul(tx, tv), [0, 0], [R, C], o_rmul)
        r4 = pl.store(pl.row_expand_div(tx, tv), [0, 0], [R, C], o_rdiv)
        # row_expand broadcasts column 0 of its source over each row.
        r5 = pl.store(pl.row_expand(tx), [0, 0], [R, C], o_rexp)
        r6 = pl.store(pl.col_expand(tx, tw), [0, 0], [R, C], o_cexp)
        r7 = pl.store(pl.col_expand_mul(tx, tw), [0, 0], [R, C], o_cmul)
        r8 = pl.store(pl.col_expand_div(tx, tw), [0, 0], [R, C], o_cdiv)
        r9 = pl.store(pl.col_expand_sub(tx, tw), [0, 0], [R, C], o_csub)
        return r9
