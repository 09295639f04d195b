# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# A loop carries its Tile iter_arg in the init value's MemRef, so it may not
# do so while anything else still reads that storage (pyptocc, MemoryReuse
# step 0): the loop then gets a MemRef of its own, and the init value is
# copied into it before the loop (`<init>_mv = pl.block.vec_move(<init>)`).
#  - alias: y = x shares x's MemRef, and x is read inside the loop;
#  - twice: two iter_args start from the same tile;
#  - branch: x is read in the else branch; the test follows program order,
#    so this loop gets a copy too (one more than needed, never one too few).
import pypto.language as pl


@pl.program
class InitCopy:
    @pl.function(type=pl.FunctionType.InCore)
    def alias(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        x = pl.load(a, [0, 0], [64, 64])
        y = x
        for i in pl.range(4):
            y = pl.add(y, x)
        s = pl.store(y, [0, 0], [64, 64], out)
        return s

    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        x = pl.load(a, [0, 0], [64, 64])
        for i, (p, q) in pl.range(0, 4, 1, init_values=(x, x)):
            p2 = pl.exp(q)
            q2 = pl.neg(p)
            p3, q3 = pl.yield_(p2, q2)
        t = pl.add(p3, q3)
        s = pl.store(t, [0, 0], [64, 64], out)
        return s

    @pl.function(type=pl.FunctionType.InCore)
    def branch(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
               n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        x = pl.load(a, [0, 0], [64, 64])
        if n > 0:
            for i in pl.range(4):
                x = pl.exp(x)
        else:
            x = pl.neg(x)
        s = pl.store(x, [0, 0], [64, 64], out)
        return s
