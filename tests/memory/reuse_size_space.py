# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# Reuse needs the same space; MemRefs are packed largest first, so a
# buffer is the size of its first member:
#  - big, big2 and big3 share one buffer (each exp written over its
#    operand), as do t, t2 and t3;
#  - small and small2 (4096 bytes) take the buffer of mv (16384), which is
#    not live while they are: a smaller tile on a larger MemRef is allowed;
#  - m, a Mat tile defined when the Vec MemRefs of t are free, gets a Mat
#    MemRef of its own: spaces never share.
import pypto.language as pl


@pl.program
class SizeSpace:
    @pl.function(type=pl.FunctionType.InCore)
    def sizes(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        big = pl.load(a, [0, 0], [64, 64])
        small = pl.load(a, [0, 0], [16, 64])
        big2 = pl.exp(big)
        small2 = pl.exp(small)
        big3 = pl.exp(big2)
        s1 = pl.store(small2, [0, 0], [16, 64], out)
        s2 = pl.store(big3, [0, 0], [64, 64], s1)
        t = pl.load(a, [0, 0], [64, 64])
        t2 = pl.exp(t)
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        mv = pl.move(m, target_memory=pl.MemorySpace.Vec)
        t3 = pl.add(t2, mv)
        s3 = pl.store(t3, [0, 0], [64, 64], s2)
        return s3
