# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# An if whose else branch yields an Acc tile defined before it (c), read
# nowhere after: the return variable takes c's storage and the then
# branch's product is written there (Acc tiles cannot be copied).
import pypto.language as pl


@pl.program
class YieldAdopt:
    @pl.function(type=pl.FunctionType.InCore)
    def acc(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
            out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        am = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        al = pl.move(am, target_memory=pl.MemorySpace.Left)
        br = pl.move(bm, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(al, br)
        if n > 0:
            r = pl.matmul(al, br)
        else:
            r = c
        s = pl.l0c_store(r, [0, 0], [64, 64], out)
        return s
