# Unary ops on FP32 (ops.md 5.4): exp, log, sqrt, rsqrt, recip, abs, neg,
# relu; log, sqrt and rsqrt of a positive input.  One output per op.
import pypto.language as pl

R = 32
C = 32


@pl.program
class UnaryF32:
    @pl.function(type=pl.FunctionType.InCore)
    def unary_f32(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        p: pl.Tensor[[R, C], pl.FP32],
        o_exp: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_log: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_sqrt: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_rsqrt: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_recip: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_abs: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_neg: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_relu: pl.Out[pl.Tensor[[R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        tx = pl.load(x, [0, 0], [R, C])
        tp = pl.load(p, [0, 0], [R, C])
        r1 = pl.store(pl.exp(tx), [0, 0], [R, C], o_exp)
        r2 = pl.store(pl.log(tp), [0, 0], [R, C], o_log)
        r3 = pl.store(pl.sqrt(tp), [0, 0], [R, C], o_sqrt)
        r4 = pl.store(pl.rsqrt(tp), [0, 0], [R, C], o_rsqrt)
        r5 = pl.store(pl.recip(tp), [0, 0], [R, C], o_recip)
        r6 = pl.store(pl.abs(tx), [0, 0], [R, C], o_abs)
        r7 = pl.store(pl.neg(tx), [0, 0], [R, C], o_neg)
        r8 = pl.store(pl.relu(tx), [0, 0], [R, C], o_relu)
        return r8
