# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# Redundancy elimination (rule 4).  The exp of a_0 depends on the first
# load, but the pair from the second load to the exp of b_0 lies inside
# that pair (later producer, earlier consumer): dropped.  The neg of b_0
# depends on the second load too, after the exp of b_0 already waited for
# it (same producer, later consumer): dropped.  The three V->MTE3 pairs
# cross without nesting, so all stay, outstanding together: ids 0, 1, 2.
# MemoryReuse puts e_0 in a_0's MemRef, so the neg also overwrites what
# the exp of a_0 read (a bar_v), and the last store reads storage the
# first load wrote: an MTE2->MTE3 pair (rule 2 counts every earlier
# writer, not only the last).
import pypto.language as pl


@pl.program
class Redundancy:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32],
               o1: pl.Out[pl.Tensor[[64, 64], pl.FP32]], o2: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
               o3: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [64, 64])
        b = pl.load(y, [0, 0], [64, 64])
        c = pl.exp(b)
        d = pl.exp(a)
        e = pl.neg(b)
        r1 = pl.store(c, [0, 0], [64, 64], o1)
        r2 = pl.store(d, [0, 0], [64, 64], o2)
        r3 = pl.store(e, [0, 0], [64, 64], o3)
        return r3
