# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# The copies before a yield are a parallel assignment (pyptocc, MemoryReuse
# step 0): a copy into a MemRef waits for the copies that read it, and a
# cycle goes through a temporary in a MemRef of its own.
#  - swap: the iter_args trade values every iteration: q is saved in a
#    temporary, p moves into q's buffer, the saved value into p's;
#  - order: the copy of p (for q) reads p's buffer, which the copy of n
#    (for p) writes, so it goes first.
import pypto.language as pl


@pl.program
class Swap:
    @pl.function(type=pl.FunctionType.InCore)
    def swap(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        x = pl.load(a, [0, 0], [64, 64])
        y = pl.exp(x)
        for i, (p, q) in pl.range(0, 4, 1, init_values=(x, y)):
            p2, q2 = pl.yield_(q, p)
        t = pl.sub(p2, q2)
        s = pl.store(t, [0, 0], [64, 64], out)
        return s

    @pl.function(type=pl.FunctionType.InCore)
    def order(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        x = pl.load(a, [0, 0], [64, 64])
        y = pl.exp(x)
        for i, (p, q) in pl.range(0, 4, 1, init_values=(x, y)):
            n = pl.neg(q)
            p2, q2 = pl.yield_(n, p)
        t = pl.sub(p2, q2)
        s = pl.store(t, [0, 0], [64, 64], out)
        return s
