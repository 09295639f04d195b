# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify
# Scalar control flow (pto-mlir.md 7) through the real passes: scf.for with
# one and with several iter_args, pl.parallel, scf.if with results, an if
# without else, scf.while with iter_args and one without any (its "do"
# region ends with a bare scf.yield; an unverified form), and conditions as
# i1 values.
import pypto.language as pl


@pl.program
class ControlScalar:
    @pl.function
    def loops(self, n: pl.Scalar[pl.INT64], x: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
        total: pl.Scalar[pl.INT64] = 0
        for i in pl.range(n):
            total = total + i
        acc: pl.Scalar[pl.FP32] = 0.0
        k: pl.Scalar[pl.INT64] = 1
        for j in pl.parallel(0, n, 2):
            acc = acc + x
            k = k * 2
        for m in pl.range(4):
            pl.system.bar_v()
        r = acc + pl.cast(total + k, pl.FP32)
        return r

    @pl.function
    def branches(self, n: pl.Scalar[pl.INT64], x: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
        y: pl.Scalar[pl.FP32] = x
        if n > 3:
            y = x * 2.0
        if n == 0:
            pl.system.bar_all()
        if x < 0.0 and n != 1:
            z = -y
        else:
            z = y
        return z

    @pl.function
    def whiles(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        a: pl.Scalar[pl.INT64] = 0
        b: pl.Scalar[pl.INT64] = 1
        while a < n:
            a, b = b, a + b
        while n > 100:
            pl.system.bar_v()
        return a
