# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# Tile-tile ops (cpp.md 4.3, ops.md 5.2 and 5.4): the arithmetic and
# min/max ops, addc/subc, prelu with its IR tmp, the unary ops, cast with
# its round mode; compares of FP32 and INT8 tiles (packed UINT8 masks, one
# bit per element) and selects by the masks.  rem and sel take a scratch tile of the result's
# type in the scratch region of AllocateMemoryAddr (<name>_tmp).  One
# kernel, run directly.
import pypto.language as pl


@pl.program
class Elementwise:
    @pl.function(type=pl.FunctionType.InCore)
    def float_ops(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
                  m: pl.Tensor[[16, 64], pl.UINT8], c: pl.Tensor[[16, 64], pl.INT8],
                  out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
                  h: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP32]:
        ta = pl.block.load(a, [0, 0], [16, 64])
        tb = pl.block.load(b, [0, 0], [16, 64])
        tm = pl.block.load(m, [0, 0], [16, 64])
        t1 = pl.block.add(ta, tb)
        t2 = pl.block.sub(t1, tb)
        t3 = pl.block.mul(t2, ta)
        t4 = pl.block.div(t3, tb)
        t5 = pl.block.maximum(t4, ta)
        t6 = pl.block.minimum(t5, tb)
        t7 = pl.block.addc(t6, ta, tb)
        t8 = pl.block.subc(t7, ta, tb)
        t9 = pl.block.prelu(t8, tb, tm)
        t10 = pl.block.rem(t9, tb)
        u1 = pl.block.exp(t10)
        u2 = pl.block.log(u1)
        u3 = pl.block.sqrt(u2)
        u4 = pl.block.rsqrt(u3)
        u5 = pl.block.recip(u4)
        u6 = pl.block.abs(u5)
        u7 = pl.block.relu(u6)
        u8 = pl.block.neg(u7)
        tc = pl.block.load(c, [0, 0], [16, 64])
        ti = pl.block.cast(tc, target_type=pl.FP32)
        mask = pl.block.cmp(u8, ti, cmp_type=2)
        m2 = pl.block.cmps(tc, pl.const(3, pl.INT8), cmp_type=5)
        s = pl.block.sel(mask, u8, ta)
        s2 = pl.block.sel(m2, s, tb)
        half = pl.block.cast(s2, target_type=pl.FP16, mode=5)
        h2 = pl.block.store(half, [0, 0], [16, 64], h)
        r = pl.block.store(s2, [0, 0], [16, 64], out)
        return r
