# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# MemoryReuse intervals touch at the statement that reads one tile and
# defines the next: an elementwise op reads each element before it writes
# the result's in its place, so t2 = exp(t1) takes t1's MemRef, t3 and t4
# likewise (the reference's in-place rule).  One Vec MemRef remains; the
# allocs of the others are deleted.
import pypto.language as pl


@pl.program
class Chain:
    @pl.function(type=pl.FunctionType.InCore)
    def chain(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t1 = pl.load(a, [0, 0], [64, 64])
        t2 = pl.exp(t1)
        t3 = pl.exp(t2)
        t4 = pl.exp(t3)
        s = pl.store(t4, [0, 0], [64, 64], out)
        return s
