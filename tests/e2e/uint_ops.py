# Unsigned integer tiles through the runtime (issue 15, item 3): UINT32
# and UINT16 tensors loaded, run through ops that A2/A3 takes for them
# (pto-isa's a2a3 headers: TSHL/TSHR take uint32_t and uint16_t, TAND,
# TOR, TXOR and TNOT 8- and 16-bit types, TLOAD/TSTORE both) and stored,
# compared exactly.  The inputs reach 2^32 - 1 and 2^16 - 1, so a right
# shift that filled with the sign bit, or a signed comparison, would show.
# A UINT32 scalar parameter (a shift count) goes through the program's
# argument table too.
import pypto.language as pl

R = 16
C = 64


@pl.program
class UintOps:
    @pl.function(type=pl.FunctionType.InCore)
    def uint_ops(
        self,
        x: pl.Tensor[[R, C], pl.UINT32],
        s: pl.Tensor[[R, C], pl.UINT32],
        h: pl.Tensor[[R, C], pl.UINT16],
        g: pl.Tensor[[R, C], pl.UINT16],
        sh: pl.Tensor[[R, C], pl.UINT16],
        k: pl.Scalar[pl.UINT32],
        o_shl: pl.Out[pl.Tensor[[R, C], pl.UINT32]],
        o_shr: pl.Out[pl.Tensor[[R, C], pl.UINT32]],
        o_shs: pl.Out[pl.Tensor[[R, C], pl.UINT32]],
        o_copy: pl.Out[pl.Tensor[[R, C], pl.UINT32]],
        o_bits: pl.Out[pl.Tensor[[R, C], pl.UINT16]],
        o_sbits: pl.Out[pl.Tensor[[R, C], pl.UINT16]],
        o_hshr: pl.Out[pl.Tensor[[R, C], pl.UINT16]],
    ) -> pl.Tensor[[R, C], pl.UINT32]:
        tx = pl.load(x, [0, 0], [R, C])
        ts = pl.load(s, [0, 0], [R, C])
        a1 = pl.block.shl(tx, ts)
        r1 = pl.store(a1, [0, 0], [R, C], o_shl)
        a2 = pl.block.shr(tx, ts)
        r2 = pl.store(a2, [0, 0], [R, C], o_shr)
        a3 = pl.block.shrs(tx, k)
        a4 = pl.block.shls(a3, pl.const(3, pl.UINT32))
        r3 = pl.store(a4, [0, 0], [R, C], o_shs)
        r4 = pl.store(tx, [0, 0], [R, C], o_copy)
        th = pl.load(h, [0, 0], [R, C])
        tg = pl.load(g, [0, 0], [R, C])
        tsh = pl.load(sh, [0, 0], [R, C])
        tmp = pl.create_tile([R, C], dtype=pl.UINT16, target_memory=pl.MemorySpace.Vec)
        b1 = pl.block.and_(th, tg)
        b2 = pl.block.or_(b1, tsh)
        b3 = pl.block.xor(b2, th, tmp)
        b4 = pl.block.not_(b3)
        r5 = pl.store(b4, [0, 0], [R, C], o_bits)
        tmp2 = pl.create_tile([R, C], dtype=pl.UINT16, target_memory=pl.MemorySpace.Vec)
        e1 = pl.block.ands(th, pl.const(0xF0F0, pl.UINT16))
        e2 = pl.block.ors(e1, pl.const(0x8001, pl.UINT16))
        e3 = pl.block.xors(e2, pl.const(0x0110, pl.UINT16), tmp2)
        e4 = pl.block.shrs(e3, pl.const(2, pl.UINT16))
        r6 = pl.store(e4, [0, 0], [R, C], o_sbits)
        f1 = pl.block.shr(th, tsh)
        r7 = pl.store(f1, [0, 0], [R, C], o_hshr)
        return r1
