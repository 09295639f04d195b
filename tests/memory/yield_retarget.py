# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# Yield fix-up by retargeting (passes.md 5.6 step 0): acc_3, defined in the
# loop body after the last read of the iter_arg, takes the iter_arg's
# MemRef (an in-place add), and each branch's r takes the if's new MemRef.
# Their own MemRefs are no longer used: the allocs go.  After the loop the
# body's e (mem_vec_3) is free again, so the if's MemRef takes it.
import pypto.language as pl


@pl.program
class Retarget:
    @pl.function(type=pl.FunctionType.InCore)
    def retarget(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                 n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc = pl.load(a, [0, 0], [64, 64])
        for i in pl.range(4):
            e = pl.exp(acc)
            acc = pl.add(acc, e)
        if n > 0:
            r = pl.exp(acc)
        else:
            r = pl.neg(acc)
        s = pl.store(r, [0, 0], [64, 64], out)
        return s
