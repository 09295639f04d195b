# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# Reductions, broadcasts and transforms (cpp.md 4.1, 4.3, ops.md 5.5-5.8):
# row_sum/max/min with their IR tmp; sum/max/min along the rows (a row
# reduction with a source-shaped scratch tile, as the PTO emitter) and along
# the columns (no tmp); the row and column expansions; fillpad (its result
# pads with zeros); transpose (a scratch tile of the result's type);
# reshape (a second Tile at the input's address, no intrinsic); vec_move;
# row_expand, whose result has its source's type.
# A [16, 1] result is a column vector: ColMajor, and a DN GlobalTensor.
import pypto.language as pl


@pl.program
class ReduceExpand:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce_expand(self, a: pl.Tensor[[16, 64], pl.FP32], cols: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
                      rows: pl.Out[pl.Tensor[[1, 64], pl.FP32]], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
                      tr: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        ta = pl.block.load(a, [0, 0], [16, 64])
        tmp = pl.block.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        rs = pl.block.row_sum(ta, tmp)
        rmax = pl.block.row_max(ta, tmp)
        rmin = pl.block.row_min(ta, tmp)
        s1 = pl.block.sum(ta, axis=1, keepdim=True)
        m1 = pl.block.max(ta, axis=-1, keepdim=True)
        n1 = pl.block.min(ta, axis=1, keepdim=True)
        s0 = pl.block.sum(ta, axis=0, keepdim=True)
        m0 = pl.block.max(ta, axis=-2, keepdim=True)
        n0 = pl.block.min(ta, axis=0, keepdim=True)
        e1 = pl.block.row_expand_add(ta, rs)
        e2 = pl.block.row_expand_sub(e1, rmax)
        e3 = pl.block.row_expand_mul(e2, rmin)
        e4 = pl.block.row_expand_div(e3, s1)
        e5 = pl.block.row_expand(e4)
        e6 = pl.block.row_expand_add(e5, m1)
        c1 = pl.block.col_expand_mul(e6, s0)
        c2 = pl.block.col_expand_div(c1, m0)
        c3 = pl.block.col_expand_sub(c2, n0)
        c4 = pl.block.col_expand(c3, s0)
        c5 = pl.block.add(c3, c4)
        f = pl.block.fillpad(c5)
        t = pl.block.transpose(c5, 0, 1)
        flat = pl.block.reshape(c5, [1, 1024])
        back = pl.block.reshape(flat, [16, 64])
        mv = pl.block.vec_move(back)
        g = pl.block.add(mv, c5)
        r1 = pl.block.store(n1, [0, 0], [16, 1], cols)
        r2 = pl.block.store(n0, [0, 0], [1, 64], rows)
        r3 = pl.block.store(f, [0, 0], [16, 64], out)
        r4 = pl.block.store(t, [0, 0], [64, 16], tr)
        r5 = pl.block.store(g, [0, 0], [16, 64], out)
        return r5
