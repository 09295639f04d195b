# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# Mat (512 KiB on a2a3 and a5): four live 128x256 FP32 tiles (128 KiB
# each) and the two matmul operands need 589824 bytes; am, whose MemRef
# starts at 524288, is the first that does not fit.  (The moves to Vec,
# each stored at once, reuse one Vec buffer.)
import pypto.language as pl


@pl.program
class CubeOverflow:
    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[256, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        m0 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        m1 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        m2 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        m3 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        am = pl.load(a, [0, 0], [128, 64], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [64, 128], target_memory=pl.MemorySpace.Mat)
        al = pl.move(am, target_memory=pl.MemorySpace.Left)
        br = pl.move(bm, target_memory=pl.MemorySpace.Right)
        c0 = pl.matmul(al, br)
        s0 = pl.l0c_store(c0, [0, 0], [128, 128], out)
        v0 = pl.move(m0, target_memory=pl.MemorySpace.Vec)
        s1 = pl.store(v0, [0, 0], [128, 128], s0)
        v1 = pl.move(m1, target_memory=pl.MemorySpace.Vec)
        s2 = pl.store(v1, [0, 0], [128, 128], s1)
        v2 = pl.move(m2, target_memory=pl.MemorySpace.Vec)
        s3 = pl.store(v2, [0, 0], [128, 128], s2)
        v3 = pl.move(m3, target_memory=pl.MemorySpace.Vec)
        s4 = pl.store(v3, [0, 0], [128, 128], s3)
        return s4
