# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# A use inside a loop that does not contain the definition lasts until the
# end of that loop: x is read by the first statement of the body, yet u,
# defined after it in the body, cannot take x's MemRef (the next iteration
# reads x again).  t takes y's MemRef (y is dead before the loop); v,
# after the loop, takes x's.
import pypto.language as pl


@pl.program
class Loop:
    @pl.function(type=pl.FunctionType.InCore)
    def loop(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        x = pl.load(a, [0, 0], [64, 64])
        y = pl.load(b, [0, 0], [64, 64])
        w = pl.add(x, y)
        for i, (o,) in pl.range(0, 4, 1, init_values=(out,)):
            t = pl.add(x, w)
            u = pl.exp(t)
            o2 = pl.store(u, [0, 0], [64, 64], o)
            o3 = pl.yield_(o2)
        v = pl.load(b, [0, 0], [64, 64])
        r = pl.store(v, [0, 0], [64, 64], o3)
        return r
