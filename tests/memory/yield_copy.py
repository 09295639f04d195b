# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# Yield fix-up by copying (passes.md 5.6 step 0): <name>_mv =
# pl.block.vec_move(<value>) in the required MemRef, before the yield.
#  - after_use: the iter_arg is read after nxt is defined, so nxt cannot
#    take the iter_arg's MemRef;
#  - recip: a block.recip result is never retargeted (no in-place recip on
#    A3);
#  - outside: the loop yields a copy of base, whose storage is not the
#    body's own (pyptocc: every variable of the retargeted MemRef must be
#    defined in the body);
#  - branch: the then branch yields a variable defined before the if.
import pypto.language as pl


@pl.program
class Copies:
    @pl.function(type=pl.FunctionType.InCore)
    def after_use(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        start = pl.load(a, [0, 0], [64, 64])
        for i, (acc, o) in pl.range(0, 4, 1, init_values=(start, out)):
            nxt = pl.exp(acc)
            side = pl.add(acc, nxt)
            o2 = pl.store(side, [0, 0], [64, 64], o)
            acc_out, o_out = pl.yield_(nxt, o2)
        s = pl.store(acc_out, [0, 0], [64, 64], o_out)
        return s

    @pl.function(type=pl.FunctionType.InCore)
    def recip(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc = pl.load(a, [0, 0], [64, 64])
        for i in pl.range(4):
            acc = pl.recip(acc)
        s = pl.store(acc, [0, 0], [64, 64], out)
        return s

    @pl.function(type=pl.FunctionType.InCore)
    def outside(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc = pl.load(a, [0, 0], [64, 64])
        base = pl.load(a, [0, 0], [64, 64])
        for i in pl.range(4):
            acc = base
        s = pl.store(acc, [0, 0], [64, 64], out)
        return s

    @pl.function(type=pl.FunctionType.InCore)
    def branch(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
               n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        if n > 0:
            r = t
        else:
            r = pl.exp(t)
        s = pl.store(r, [0, 0], [64, 64], out)
        return s
