# Integer elementwise ops (ops.md 5.2-5.4), compared exactly: INT32 add,
# sub, mul, maximum, minimum, rem, adds, subs, muls, maxs, mins, rems;
# INT16 and, or, xor, shl, shr, not and their scalar forms; shifts wrap in
# 16 bits.  Scalars are pl.const of the tile's dtype (an INT64 literal
# would promote the tile).  rem and rems get nonnegative dividends and
# positive divisors, where every sign convention agrees.
import pypto.language as pl

R = 16
C = 64


@pl.program
class IntOps:
    @pl.function(type=pl.FunctionType.InCore)
    def int_ops(
        self,
        a: pl.Tensor[[R, C], pl.INT32],
        b: pl.Tensor[[R, C], pl.INT32],
        p: pl.Tensor[[R, C], pl.INT32],
        h: pl.Tensor[[R, C], pl.INT16],
        g: pl.Tensor[[R, C], pl.INT16],
        sh: pl.Tensor[[R, C], pl.INT16],
        o_arith: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o_mul: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o_minmax: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o_rem: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o_scal: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o_bits: pl.Out[pl.Tensor[[R, C], pl.INT16]],
        o_shift: pl.Out[pl.Tensor[[R, C], pl.INT16]],
        o_not: pl.Out[pl.Tensor[[R, C], pl.INT16]],
        o_sbits: pl.Out[pl.Tensor[[R, C], pl.INT16]],
    ) -> pl.Tensor[[R, C], pl.INT32]:
        ta = pl.load(a, [0, 0], [R, C])
        tb = pl.load(b, [0, 0], [R, C])
        tp = pl.load(p, [0, 0], [R, C])
        s1 = pl.add(ta, tb)
        s2 = pl.sub(s1, tp)
        r1 = pl.store(s2, [0, 0], [R, C], o_arith)
        m1 = pl.mul(ta, tb)
        r2 = pl.store(m1, [0, 0], [R, C], o_mul)
        x1 = pl.maximum(ta, tb)
        x2 = pl.minimum(x1, tp)
        r3 = pl.store(x2, [0, 0], [R, C], o_minmax)
        q = pl.rem(tp, pl.adds(pl.abs(tb), pl.const(1, pl.INT32)))
        r4 = pl.store(q, [0, 0], [R, C], o_rem)
        c1 = pl.adds(ta, pl.const(100, pl.INT32))
        c2 = pl.muls(c1, pl.const(-7, pl.INT32))
        c3 = pl.subs(c2, pl.const(3, pl.INT32))
        c4 = pl.maxs(c3, pl.const(-700, pl.INT32))
        c5 = pl.mins(c4, pl.const(-650, pl.INT32))
        c6 = pl.rems(pl.neg(c5), pl.const(9, pl.INT32))
        r5 = pl.store(c6, [0, 0], [R, C], o_scal)
        th = pl.load(h, [0, 0], [R, C])
        tg = pl.load(g, [0, 0], [R, C])
        ts = pl.load(sh, [0, 0], [R, C])
        tmp = pl.create_tile([R, C], dtype=pl.INT16, target_memory=pl.MemorySpace.Vec)
        b1 = pl.block.and_(th, tg)
        b2 = pl.block.or_(b1, ts)
        b3 = pl.block.xor(b2, th, tmp)
        r6 = pl.store(b3, [0, 0], [R, C], o_bits)
        f1 = pl.block.shl(th, ts)
        f2 = pl.block.shr(f1, pl.block.shrs(ts, pl.const(1, pl.INT16)))
        r7 = pl.store(f2, [0, 0], [R, C], o_shift)
        n1 = pl.block.not_(tg)
        r8 = pl.store(n1, [0, 0], [R, C], o_not)
        tmp2 = pl.create_tile([R, C], dtype=pl.INT16, target_memory=pl.MemorySpace.Vec)
        e1 = pl.block.ands(th, pl.const(0x0F0F, pl.INT16))
        e2 = pl.block.ors(e1, pl.const(0x2000, pl.INT16))
        e3 = pl.block.xors(e2, pl.const(0x0101, pl.INT16), tmp2)
        e4 = pl.block.shls(e3, pl.const(2, pl.INT16))
        e5 = pl.block.shrs(e4, pl.const(3, pl.INT16))
        r9 = pl.store(e5, [0, 0], [R, C], o_sbits)
        return r1
