# A kernel loop with init_values that breaks: a Fibonacci step on two
# carried tiles (the yield's second value reads the first iter_arg, so it
# is computed before either is assigned) stops at i == 3 with the values
# that iteration started with, a = 3 x; then a pl.while_ loop doubles its
# carried tile until k == 2 breaks: y = 12 x.
import pypto.language as pl


@pl.jit
def break_carry(x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="carry_break"):
        t = pl.load(x, [0, 0], [32, 64])
        for i, (a, b) in pl.range(0, 8, 1, init_values=(t, t)):
            if i == 3:
                break
            a, b = pl.yield_(b, pl.add(a, b))
        k0: pl.Scalar[pl.INT64] = 0
        for k, s in pl.while_(init_values=(k0, a)):
            pl.cond(k < 10)
            if k == 2:
                break
            k, s = pl.yield_(k + 1, pl.mul(s, 2.0))
        pl.store(s, [0, 0], y)
    return y
