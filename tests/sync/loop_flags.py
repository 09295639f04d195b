# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# Loops at -O1: back-edge pairs (a statement of iteration j+1 that depends
# on one of iteration j), their flags set once before the loop and waited
# for once after it, and pairs into and out of a loop.
#  stream: load, exp, store per iteration.  Forward MTE2->V and V->MTE3;
#   back: the load of j+1 overwrites what the exp of j read (V->MTE2, set
#   after the exp, waited for before the load), the exp of j+1 what the
#   store of j read (MTE3->V) and what the exp of j wrote (bar_v).
#  enclosed: the second load reuses the first tile's storage (a forward
#   V->MTE2 pair from the exp that read it); the back-edge pair that the
#   third load would need (from the add of the previous iteration, which
#   read its tile) lies around that forward pair of the next iteration and
#   is dropped (rule 4): the wait before the second load of j+1 already
#   orders the add of j, V running in order.
#  exhausted: nine loads, nine exps, nine stores per iteration (MemoryReuse
#   puts the result of exp k+1 where load k's tile was).  Nine forward
#   MTE2->V pairs (load k -> exp k) and nine V->MTE3 (exp k -> store k)
#   that no other encloses, and nine back-edge MTE3->V (exp k of j+1
#   overwrites what store k of j read): each combination's ninth pair
#   becomes a bar_all before its consumer (exp 8, store 8).  The back-edge
#   V->MTE2 and MTE3->MTE2 pairs (load k of j+1 overwrites what exp k+1 and
#   store k+1 of j read; the ninth load's pair lies around the eighth's)
#   take all eight ids, primed before the loop and drained after it.
#  around: a load before the loop feeds the loop's adds (MTE2->V, waited
#   for before the loop: the pair is held across the full), and the store
#   after it reads the loop's result (V->MTE3, set after the loop).
import pypto.language as pl


@pl.program
class LoopFlags:
    @pl.function(type=pl.FunctionType.InCore)
    def stream(self, x: pl.Tensor[[64, 64], pl.FP32],
               y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 64, 16, init_values=(y,)):
            t = pl.load(x, [i, 0], [16, 64])
            e = pl.exp(t)
            s = pl.store(e, [i, 0], [16, 64], acc)
            acc = pl.yield_(s)
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def enclosed(self, x: pl.Tensor[[64, 64], pl.FP32], z: pl.Tensor[[64, 64], pl.FP32],
                 y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 64, 16, init_values=(y,)):
            a = pl.load(x, [i, 0], [16, 64])
            b = pl.exp(a)
            c = pl.load(z, [i, 0], [16, 64])
            d = pl.load(x, [i, 0], [16, 64])
            e = pl.add(c, d)
            f = pl.add(b, e)
            s = pl.store(f, [i, 0], [16, 64], acc)
            acc = pl.yield_(s)
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def exhausted(self, x: pl.Tensor[[288, 64], pl.FP32],
                  y: pl.Out[pl.Tensor[[288, 64], pl.FP32]]) -> pl.Tensor[[288, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 288, 144, init_values=(y,)):
            t0 = pl.load(x, [i + 0, 0], [16, 64])
            t1 = pl.load(x, [i + 16, 0], [16, 64])
            t2 = pl.load(x, [i + 32, 0], [16, 64])
            t3 = pl.load(x, [i + 48, 0], [16, 64])
            t4 = pl.load(x, [i + 64, 0], [16, 64])
            t5 = pl.load(x, [i + 80, 0], [16, 64])
            t6 = pl.load(x, [i + 96, 0], [16, 64])
            t7 = pl.load(x, [i + 112, 0], [16, 64])
            t8 = pl.load(x, [i + 128, 0], [16, 64])
            u0 = pl.exp(t0)
            u1 = pl.exp(t1)
            u2 = pl.exp(t2)
            u3 = pl.exp(t3)
            u4 = pl.exp(t4)
            u5 = pl.exp(t5)
            u6 = pl.exp(t6)
            u7 = pl.exp(t7)
            u8 = pl.exp(t8)
            s0 = pl.store(u0, [i + 0, 0], [16, 64], acc)
            s1 = pl.store(u1, [i + 16, 0], [16, 64], s0)
            s2 = pl.store(u2, [i + 32, 0], [16, 64], s1)
            s3 = pl.store(u3, [i + 48, 0], [16, 64], s2)
            s4 = pl.store(u4, [i + 64, 0], [16, 64], s3)
            s5 = pl.store(u5, [i + 80, 0], [16, 64], s4)
            s6 = pl.store(u6, [i + 96, 0], [16, 64], s5)
            s7 = pl.store(u7, [i + 112, 0], [16, 64], s6)
            s8 = pl.store(u8, [i + 128, 0], [16, 64], s7)
            acc = pl.yield_(s8)
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def around(self, x: pl.Tensor[[64, 64], pl.FP32],
               y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        b = pl.load(x, [0, 0], [16, 64])
        zero = pl.block.full([16, 64], 0.0, dtype=pl.FP32)
        for i, (s,) in pl.range(0, 3, 1, init_values=(zero,)):
            s = pl.yield_(pl.add(s, b))
        r = pl.store(s, [0, 0], [16, 64], y)
        return r
