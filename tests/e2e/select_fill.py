# pyptocc-flags: --arch=a5
# Compare and select (ops.md 5.2-5.3), fills (5.1, 5.6): cmp of two INT8
# tiles in each of the six modes (EQ NE LT LE GT GE) and cmps against a
# constant give INT8 masks that sel uses to pick between FP32 tiles; full
# and expands fill tiles with a constant and with a scalar parameter.
# For A5: A2/A3 compares only 32-bit integers and floats into the i8 mask
# that TSEL reads, and the IR types the mask like the inputs (issue 11).
import pypto.language as pl

R = 16
C = 64


@pl.program
class SelectFill:
    @pl.function(type=pl.FunctionType.InCore)
    def select_fill(
        self,
        x: pl.Tensor[[R, C], pl.INT8],
        y: pl.Tensor[[R, C], pl.INT8],
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
        m6 = pl.cmps(tx, pl.const(2, pl.INT8), cmp_type=4)
        r6 = pl.store(pl.sel(m6, fv, ta), [0, 0], [R, C], o_cmps)
        f = pl.block.full([R, C], 0.5, dtype=pl.FP32)
        r7 = pl.store(pl.add(f, fv), [0, 0], [R, C], o_fill)
        return r0
