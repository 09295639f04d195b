# Kernel loops with init_values that continue: the first carries `t`
# under the name of the tile it starts from (which keeps its own value
# after the loop) and doubles it on even i only, s = 8 x; in the nested
# loops the inner one skips k == j, adding x nine times in all
# (2 + 2 + 2 + 3), u = 17 x; y = u + t = 18 x.
import pypto.language as pl


@pl.jit
def continue_carry(x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="carry_continue"):
        t = pl.load(x, [0, 0], [32, 64])
        for i, (t,) in pl.range(0, 6, 1, init_values=(t,)):
            if i % 2 == 1:
                continue
            s = pl.yield_(pl.add(t, t))
        for j, (u,) in pl.range(0, 4, 1, init_values=(s,)):
            for k, (v,) in pl.range(0, 3, 1, init_values=(u,)):
                if k == j:
                    continue
                v = pl.yield_(pl.add(v, t))
            u = pl.yield_(v)
        pl.store(pl.add(u, t), [0, 0], y)
    return y
