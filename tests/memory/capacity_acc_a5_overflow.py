# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr --arch=a5
# Acc on a5 (256 KiB): five live 128x128 FP32 results need 327680 bytes;
# c4 is the first that does not fit.
import pypto.language as pl


@pl.program
class CubeOverflow:
    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[256, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        am = pl.load(a, [0, 0], [128, 64], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [64, 128], target_memory=pl.MemorySpace.Mat)
        al = pl.move(am, target_memory=pl.MemorySpace.Left)
        br = pl.move(bm, target_memory=pl.MemorySpace.Right)
        c0 = pl.matmul(al, br)
        c1 = pl.matmul(al, br)
        c2 = pl.matmul(al, br)
        c3 = pl.matmul(al, br)
        c4 = pl.matmul(al, br)
        s0 = pl.l0c_store(c0, [0, 0], [128, 128], out)
        s1 = pl.l0c_store(c1, [0, 0], [128, 128], s0)
        s2 = pl.l0c_store(c2, [0, 0], [128, 128], s1)
        s3 = pl.l0c_store(c3, [0, 0], [128, 128], s2)
        s4 = pl.l0c_store(c4, [0, 0], [128, 128], s3)
        return s4
