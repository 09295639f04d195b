# Compare and select (ops.md 5.2-5.3), fills (5.1, 5.6): cmp of two INT32
# tiles in each of the six modes (EQ NE LT LE GT GE) and cmps against a
# constant give packed UINT8 masks, one bit per element, that sel uses to
# pick between FP32 tiles; full and expands fill tiles with a constant and
# with a scalar parameter.  INT32, FP16 and FP32 compare on every target
# (A5 compares 8- and 16-bit integers as well: tests/pto/pto_cmp_a5.py).
import pypto.language as pl

R = 16
C = 64


@pl.program
class SelectFill:
    @pl.function(type=pl.FunctionType.InCore)
    def select_fill(
        self,
        x: pl.Tensor[[R, C], pl.INT32],
        y: pl.Tensor[[R, C], pl.INT32],
        a: pl.Tensor[[R, C], pl.FP32],
        b: pl.Tensor[[R, C], pl.FP32],
        v: pl.Scalar[pl.FP32],
        o_eq: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_ne: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_lt: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_le: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_gt: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_ge: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_cmps: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        o_fill: pl.Out[pl.Tensor[[R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        tx = pl.load(x, [0, 0], [R, C])
        ty = pl.load(y, [0, 0], [R, C])
        ta = pl.load(a, [0, 0], [R, C])
        tb = pl.load(b, [0, 0], [R, C])
        r0 = pl.store(pl.sel(pl.cmp(tx, ty, cmp_type=0), ta, tb), [0, 0], [R, C], o_eq)
        r1 = pl.store(pl.sel(pl.cmp(tx, ty, cmp_type=1), ta, tb), [0, 0], [R, C], o_ne)
        r2 = pl.store(pl.sel(pl.cmp(tx, ty, cmp_type=2), ta, tb), [0, 0], [R, C], o_lt)
        r3 = pl.store(pl.sel(pl.cmp(tx, ty, cmp_type=3), ta, tb), [0, 0], [R, C], o_le)
        r4 = pl.store(pl.sel(pl.cmp(tx, ty, cmp_type=4), ta, tb), [0, 0], [R, C], o_gt)
        r5 = pl.store(pl.sel(pl.cmp(tx, ty, cmp_type=5), ta, tb), [0, 0], [R, C], o_ge)
        fv = pl.expands(ta, v)
        m6 = pl.cmps(tx, pl.const(2, pl.INT32), cmp_type=4)
        r6 = pl.store(pl.sel(m6, fv, ta), [0, 0], [R, C], o_cmps)
        f = pl.block.full([R, C], 0.5, dtype=pl.FP32)
        r7 = pl.store(pl.add(f, fv), [0, 0], [R, C], o_fill)
        return r0
