# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# Dependencies through tmp operands (rule 2: the tmp operand of a row
# reduction, xor, xors or prelu is written, as well as read).
#  reduce: scratch_0 is loaded (MTE2) and stored (MTE3), then used as the
#   row_max's tmp.  The row_max reads it (MTE2->V from its load) and
#   overwrites it, so it waits for the store that read it (MTE3->V, a
#   write-after-read that exists only because the tmp is written).  The
#   second store reads the tmp the row_max wrote (V->MTE3); the row_sum
#   overwrites it again after that store (MTE3->V) and after the row_max
#   (a bar_v).
#  xor_tmp: the first store reads the tmp the xor wrote: V->MTE3 before it
#   (the create_tile has no pipe, so without the tmp write the pair would
#   come before the second store).
import pypto.language as pl


@pl.program
class TmpOperand:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce(self, x: pl.Tensor[[64, 64], pl.FP32], s: pl.Tensor[[64, 1], pl.FP32],
               o_s: pl.Out[pl.Tensor[[64, 1], pl.FP32]], o_t: pl.Out[pl.Tensor[[64, 1], pl.FP32]],
               o_m: pl.Out[pl.Tensor[[64, 1], pl.FP32]]) -> pl.Tensor[[64, 1], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        scratch = pl.load(s, [0, 0], [64, 1])
        r1 = pl.store(scratch, [0, 0], [64, 1], o_s)
        m = pl.row_max(t, scratch)
        r2 = pl.store(scratch, [0, 0], [64, 1], o_t)
        m2 = pl.row_sum(t, scratch)
        mm = pl.add(m, m2)
        r3 = pl.store(mm, [0, 0], [64, 1], o_m)
        return r3

    @pl.function(type=pl.FunctionType.InCore)
    def xor_tmp(self, x: pl.Tensor[[64, 64], pl.INT32], y: pl.Tensor[[64, 64], pl.INT32],
                out: pl.Out[pl.Tensor[[64, 64], pl.INT32]],
                o_tmp: pl.Out[pl.Tensor[[64, 64], pl.INT32]]) -> pl.Tensor[[64, 64], pl.INT32]:
        a = pl.load(x, [0, 0], [64, 64])
        b = pl.load(y, [0, 0], [64, 64])
        tmp = pl.create_tile([64, 64], dtype=pl.INT32, target_memory=pl.MemorySpace.Vec)
        c = pl.xor(a, b, tmp)
        r_tmp = pl.store(tmp, [0, 0], [64, 64], o_tmp)
        r = pl.store(c, [0, 0], [64, 64], out)
        return r
