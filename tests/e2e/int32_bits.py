# INT32 and UINT32 bitwise ops on A2/A3, whose TAND, TOR, TXOR and their
# scalar forms take 8- and 16-bit integers only: Legalize runs them on the
# tiles' bits read as INT16 (UINT16), the scalar forms on the scalar
# broadcast first; and an INT32 assemble, which TINSERT does not take,
# as a copy of FP32 bits.  Unsigned fills (texpands takes no unsigned
# scalar in PTOAS) fill the signed view.  Compared exactly.
import pypto.language as pl

R = 16
C = 32


@pl.program
class Int32Bits:
    @pl.function(type=pl.FunctionType.InCore)
    def int32_bits(
        self,
        a: pl.Tensor[[R, C], pl.INT32],
        b: pl.Tensor[[R, C], pl.INT32],
        u: pl.Tensor[[R, C], pl.UINT32],
        o_bits: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o_not: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o_sbits: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o_ubits: pl.Out[pl.Tensor[[R, C], pl.UINT32]],
        o_asm: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o_lit: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        o_ufill: pl.Out[pl.Tensor[[R, C], pl.UINT32]],
    ) -> pl.Tensor[[R, C], pl.INT32]:
        ta = pl.load(a, [0, 0], [R, C])
        tb = pl.load(b, [0, 0], [R, C])
        tu = pl.load(u, [0, 0], [R, C])
        tmp = pl.create_tile([R, C], dtype=pl.INT32, target_memory=pl.MemorySpace.Vec)
        b1 = pl.block.and_(ta, tb)
        b2 = pl.block.or_(b1, pl.block.xor(ta, tb, tmp))
        r1 = pl.store(b2, [0, 0], [R, C], o_bits)
        n1 = pl.block.and_(pl.block.or_(ta, tb), ta)
        r2 = pl.store(n1, [0, 0], [R, C], o_not)
        tmp2 = pl.create_tile([R, C], dtype=pl.INT32, target_memory=pl.MemorySpace.Vec)
        e1 = pl.block.ands(ta, pl.const(0x0F0F00FF, pl.INT32))
        e2 = pl.block.ors(e1, pl.const(-0x70000000, pl.INT32))
        e3 = pl.block.xors(e2, pl.const(0x01010101, pl.INT32), tmp2)
        r3 = pl.store(e3, [0, 0], [R, C], o_sbits)
        tmp3 = pl.create_tile([R, C], dtype=pl.UINT32, target_memory=pl.MemorySpace.Vec)
        g1 = pl.block.xors(pl.block.ands(tu, pl.const(0xFFFF0F0F, pl.UINT32)), pl.const(0x80000001, pl.UINT32), tmp3)
        r4 = pl.store(g1, [0, 0], [R, C], o_ubits)
        r6 = pl.store(pl.ands(ta, 255), [0, 0], [R, C], o_lit)
        f = pl.block.full([R, C], dtype=pl.UINT32, value=0xF0000000)
        r7 = pl.store(pl.block.or_(f, tu), [0, 0], [R, C], o_ufill)
        # last: assemble writes into ta's buffer (its result is ta's storage)
        q = pl.block.extract(tb, 0, 0, [R // 2, C // 2], target_memory=pl.MemorySpace.Vec)
        w = pl.block.assemble(ta, q, [R // 2, C // 2])
        r5 = pl.store(w, [0, 0], [R, C], o_asm)
        return r1
