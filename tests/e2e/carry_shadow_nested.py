# Nested loops with init_values that all name their tile `t` and exit: the
# outer one (breaking at i == 3) and the inner one (continuing at j == 1)
# each carry it in a variable of its own, so the outer body's `t` after
# the inner loop is still its own: t2 = 2 t, next t = t + t2 = 3 t, three
# times: y = 27 x.
import pypto.language as pl


@pl.jit
def carry_shadow_nested(x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="shadow_nested"):
        t = pl.load(x, [0, 0], [32, 64])
        for i, (t,) in pl.range(0, 8, 1, init_values=(t,)):
            if i == 3:
                break
            for j, (t,) in pl.range(0, 2, 1, init_values=(t,)):
                if j == 1:
                    continue
                t2 = pl.yield_(pl.add(t, t))
            t3 = pl.yield_(pl.add(t, t2))
        pl.store(t3, [0, 0], y)
    return y
