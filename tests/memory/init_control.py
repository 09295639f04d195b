# pyptocc-flags: --passes=default,init_memref
# InitMemRef alone on loops and ifs (passes.md 5.5):
#  - an iter_arg shares its init value's MemRef, and a loop's Tile return
#    variable its iter_arg's;
#  - a Tensor return variable of a loop shares it too (pyptocc: the front
#    end types a loop's return variables from the iter_args);
#  - a Tile return variable of an if gets a new MemRef, after everything
#    its branches define, in the space of what the then branch yields
#    (Mat here); a Tensor one shares the then branch's MemRef (pyptocc);
#  - a while loop like a for loop.
# Before MemoryReuse the yields may still name other MemRefs.
import pypto.language as pl


@pl.program
class Control:
    @pl.function(type=pl.FunctionType.InCore)
    def control(self, a: pl.Tensor[[96, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        for i in pl.range(4):
            t = pl.exp(t)
        for j, (o,) in pl.range(0, 64, 32, init_values=(out,)):
            part = pl.load(a, [j, 0], [32, 64])
            o2 = pl.store(part, [j, 0], [32, 64], o)
            o_next = pl.yield_(o2)
        if n > 0:
            m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        else:
            m = pl.load(a, [32, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        if n > 1:
            r = o_next
        else:
            r = pl.store(t, [0, 0], [64, 64], o_next)
        k: pl.Scalar[pl.INT64] = 0
        u = pl.move(m, target_memory=pl.MemorySpace.Vec)
        while k < n:
            u = pl.add(u, t)
            k = k + 1
        s = pl.store(u, [0, 0], [64, 64], r)
        return s
