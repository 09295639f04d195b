# Tile-scalar ops on FP32 (ops.md 5.3) with scalar parameters of a directly
# run kernel (an FP32 and an INT32 scalar, set by the reference's setup):
# adds, subs, muls, divs, maxs, mins, lrelu, addsc, subsc, rems, expands,
# the operand a variable or a literal; one output per op.
import pypto.language as pl

R = 16
C = 128


@pl.program
class ScalarOps:
    @pl.function(type=pl.FunctionType.InCore)
    def scalar_ops(
        self,
        a: pl.Tensor[[R, C], pl.FP32],
        b: pl.Tensor[[R, C], pl.FP32],
        s: pl.Scalar[pl.FP32],
        k: pl.Scalar[pl.INT32],
        o_adds: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_subs: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_muls: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_divs: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_maxs: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_mins: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_lrelu: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_addsc: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_subsc: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_rems: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_expands: pl.Out[pl.Tensor[[R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        ta = pl.load(a, [0, 0], [R, C])
        tb = pl.load(b, [0, 0], [R, C])
        r1 = pl.store(pl.adds(ta, s), [0, 0], [R, C], o_adds)
        r2 = pl.store(pl.subs(ta, 0.75), [0, 0], [R, C], o_subs)
        r3 = pl.store(pl.muls(ta, k), [0, 0], [R, C], o_muls)
        r4 = pl.store(pl.divs(ta, s), [0, 0], [R, C], o_divs)
        r5 = pl.store(pl.maxs(ta, 0.25), [0, 0], [R, C], o_maxs)
        r6 = pl.store(pl.mins(ta, s * 0.5), [0, 0], [R, C], o_mins)
        r7 = pl.store(pl.lrelu(ta, 0.125), [0, 0], [R, C], o_lrelu)
        r8 = pl.store(pl.addsc(ta, s, tb), [0, 0], [R, C], o_addsc)
        r9 = pl.store(pl.subsc(ta, 2.0, tb), [0, 0], [R, C], o_subsc)
        r10 = pl.store(pl.rems(pl.abs(ta), s), [0, 0], [R, C], o_rems)
        r11 = pl.store(pl.expands(ta, s + 1.0), [0, 0], [R, C], o_expands)
        return r11
