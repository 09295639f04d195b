# Tile-tile elementwise ops on FP32 (ops.md 5.2): add, sub, mul, div,
# maximum, minimum, addc, subc, rem (of |a| by b > 0, where every sign
# convention agrees) and prelu with a slope tile; one output per op.
import pypto.language as pl

R = 32
C = 64


@pl.program
class BinaryF32:
    @pl.function(type=pl.FunctionType.InCore)
    def binary_f32(
        self,
        a: pl.Tensor[[R, C], pl.FP32],
        b: pl.Tensor[[R, C], pl.FP32],
        c: pl.Tensor[[R, C], pl.FP32],
        o_add: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_sub: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_mul: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_div: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_max: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_min: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_addc: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_subc: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_rem: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_prelu: pl.Out[pl.Tensor[[R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        ta = pl.load(a, [0, 0], [R, C])
        tb = pl.load(b, [0, 0], [R, C])
        tc = pl.load(c, [0, 0], [R, C])
        r1 = pl.store(pl.add(ta, tb), [0, 0], [R, C], o_add)
        r2 = pl.store(pl.sub(ta, tb), [0, 0], [R, C], o_sub)
        r3 = pl.store(pl.mul(ta, tb), [0, 0], [R, C], o_mul)
        r4 = pl.store(pl.div(ta, tb), [0, 0], [R, C], o_div)
        r5 = pl.store(pl.maximum(ta, tc), [0, 0], [R, C], o_max)
        r6 = pl.store(pl.minimum(ta, tc), [0, 0], [R, C], o_min)
        r7 = pl.store(pl.addc(ta, tb, tc), [0, 0], [R, C], o_addc)
        r8 = pl.store(pl.subc(ta, tb, tc), [0, 0], [R, C], o_subc)
        r9 = pl.store(pl.rem(pl.abs(ta), tb), [0, 0], [R, C], o_rem)
        tmp = pl.create_tile([R, C], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        r10 = pl.store(pl.prelu(ta, tc, tmp), [0, 0], [R, C], o_prelu)
        return r10
