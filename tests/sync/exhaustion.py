# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# Event-id exhaustion (rule 5).  Ten loads, then a chain of adds: add k
# reads the tile of load k (and the previous sum, a bar_v), so nine
# MTE2->V pairs cross (load k -> add k; the first add's pair from load 0
# lies around load 1's and is dropped).  When load 9 sets its flag, the
# pairs of loads 1-8 still hold ids 0-7 (their waits come after it): its
# pair is replaced by a bar_all before add 9, after which the bar_v.
# MemoryReuse puts s9_0 in t1_0's MemRef, so the store also depends on
# load 1 (MTE2->MTE3).
import pypto.language as pl


@pl.program
class Exhaustion:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[160, 64], pl.FP32],
               out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t0 = pl.load(x, [0, 0], [16, 64])
        t1 = pl.load(x, [16, 0], [16, 64])
        t2 = pl.load(x, [32, 0], [16, 64])
        t3 = pl.load(x, [48, 0], [16, 64])
        t4 = pl.load(x, [64, 0], [16, 64])
        t5 = pl.load(x, [80, 0], [16, 64])
        t6 = pl.load(x, [96, 0], [16, 64])
        t7 = pl.load(x, [112, 0], [16, 64])
        t8 = pl.load(x, [128, 0], [16, 64])
        t9 = pl.load(x, [144, 0], [16, 64])
        s1 = pl.add(t0, t1)
        s2 = pl.add(s1, t2)
        s3 = pl.add(s2, t3)
        s4 = pl.add(s3, t4)
        s5 = pl.add(s4, t5)
        s6 = pl.add(s5, t6)
        s7 = pl.add(s6, t7)
        s8 = pl.add(s7, t8)
        s9 = pl.add(s8, t9)
        r = pl.store(s9, [0, 0], [16, 64], out)
        return r
