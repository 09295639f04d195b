# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,verify
# Scalar arithmetic (pto-mlir.md 8) on INT64 (index), INT32, UINT32, FP32,
# FP16 and BOOL values: float add as subf of negf, floor division and
# floor modulo, min/max, neg/abs, comparisons with signed, unsigned and
# ordered predicates, logic on i1, bitwise ops, shifts and every cast.
# Scalar-only functions are vector kernels; their results are dropped.
import pypto.language as pl


@pl.program
class ScalarArith:
    @pl.function
    def ints(self, a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT64], w: pl.Scalar[pl.INT32], u: pl.Scalar[pl.UINT32], v: pl.Scalar[pl.UINT32]) -> pl.Scalar[pl.INT64]:
        s = a + b
        d = a - b
        m = a * b
        q = a / b
        fq = a // b
        fm = a % b
        lo = min(a, b)
        hi = max(a, b)
        n = -a
        ab = abs(a)
        band = a & b
        bor = a | b
        bxor = a ^ b
        bnot = ~a
        shl = a << 2
        shr = a >> 1
        uq = u / v
        um = u % v
        umin = min(u, v)
        ushr = u >> v
        wide = w + pl.cast(w, pl.INT32)
        total = s + d + m + q + fq + fm + lo + hi + n + ab + band + bor + bxor + bnot + shl + shr + wide
        return total

    @pl.function
    def floats(self, x: pl.Scalar[pl.FP32], y: pl.Scalar[pl.FP32], h: pl.Scalar[pl.FP16]) -> pl.Scalar[pl.FP32]:
        s = x + y
        d = x - y
        m = x * y
        q = x / y
        r = x % y
        lo = min(x, y)
        hi = max(x, y)
        n = -x
        ab = abs(x)
        hx = h + pl.cast(x, pl.FP16)
        total = s + d + m + q + r + lo + hi + n + ab + pl.cast(hx, pl.FP32) + 1.5
        return total

    @pl.function
    def compares(self, a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT64], x: pl.Scalar[pl.FP32], y: pl.Scalar[pl.FP32], u: pl.Scalar[pl.UINT32], v: pl.Scalar[pl.UINT32]) -> pl.Scalar[pl.BOOL]:
        c1 = a == b
        c2 = a != b
        c3 = a < b
        c4 = a <= b
        c5 = x > y
        c6 = x >= y
        c7 = u < v
        both = c1 and c2
        either = c3 or c4
        flip = not c5
        res = both or either or flip or c6 or c7
        return res

    @pl.function
    def casts(self, a: pl.Scalar[pl.INT64], w: pl.Scalar[pl.INT32], x: pl.Scalar[pl.FP32], h: pl.Scalar[pl.FP16], g: pl.Scalar[pl.BF16], u: pl.Scalar[pl.UINT32]) -> pl.Scalar[pl.INT64]:
        i32 = pl.cast(a, pl.INT32)
        i16 = pl.cast(w, pl.INT16)
        back = pl.cast(i16, pl.INT64)
        f = pl.cast(a, pl.FP32)
        fw = pl.cast(w, pl.FP32)
        fu = pl.cast(u, pl.FP32)
        ia = pl.cast(x, pl.INT64)
        iw = pl.cast(x, pl.INT32)
        xh = pl.cast(x, pl.FP16)
        hx = pl.cast(h, pl.FP32)
        hg = pl.cast(h, pl.BF16)
        ua = pl.cast(u, pl.INT64)
        total = pl.cast(i32, pl.INT64) + back + pl.cast(f + fw + fu + hx + pl.cast(xh, pl.FP32) + pl.cast(hg, pl.FP32) + pl.cast(g, pl.FP32), pl.INT64) + ia + pl.cast(iw, pl.INT64) + ua
        return total
