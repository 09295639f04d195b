# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr --arch=a5
# The program of scratch_row.py fits the 256 KiB Vec buffer of a5, scratch
# region included.
import pypto.language as pl


@pl.program
class Scratch:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t0 = pl.load(a, [0, 0], [64, 64])
        t1 = pl.load(a, [0, 0], [64, 64])
        t2 = pl.load(a, [0, 0], [64, 64])
        t3 = pl.load(a, [0, 0], [64, 64])
        t4 = pl.load(a, [0, 0], [64, 64])
        t5 = pl.load(a, [0, 0], [64, 64])
        t6 = pl.load(a, [0, 0], [64, 64])
        t7 = pl.load(a, [0, 0], [64, 64])
        t8 = pl.load(a, [0, 0], [64, 64])
        t9 = pl.load(a, [0, 0], [64, 64])
        t10 = pl.load(a, [0, 0], [64, 64])
        t11 = pl.load(a, [0, 0], [63, 64])
        r = pl.block.sum(t0, axis=-1, keepdim=True)
        s0 = pl.store(t0, [0, 0], [64, 64], out)
        s1 = pl.store(t1, [0, 0], [64, 64], s0)
        s2 = pl.store(t2, [0, 0], [64, 64], s1)
        s3 = pl.store(t3, [0, 0], [64, 64], s2)
        s4 = pl.store(t4, [0, 0], [64, 64], s3)
        s5 = pl.store(t5, [0, 0], [64, 64], s4)
        s6 = pl.store(t6, [0, 0], [64, 64], s5)
        s7 = pl.store(t7, [0, 0], [64, 64], s6)
        s8 = pl.store(t8, [0, 0], [64, 64], s7)
        s9 = pl.store(t9, [0, 0], [64, 64], s8)
        s10 = pl.store(t10, [0, 0], [64, 64], s9)
        s11 = pl.store(t11, [0, 0], [63, 64], s10)
        s12 = pl.store(r, [0, 0], [64, 1], s11)
        return s12
