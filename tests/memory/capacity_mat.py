# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# Mat (512 KiB on a2a3 and a5): eight live 128x256 FP16 tiles (64 KiB each,
# all loaded before the first is used) and the right operand need 532480
# bytes; bm, whose MemRef starts at 524288, is the first that does not
# fit.  (Each is moved to Left in turn, which reuses one Left buffer; the
# kernel uses only the cube pipes: a move from Mat to Vec would make it a
# mixed kernel, which Verify rejects first.)
import pypto.language as pl


@pl.program
class CubeOverflow:
    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[128, 256], pl.FP16], b: pl.Tensor[[256, 16], pl.FP16],
             out: pl.Out[pl.Tensor[[128, 16], pl.FP32]]) -> pl.Tensor[[128, 16], pl.FP32]:
        m0 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        m1 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        m2 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        m3 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        m4 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        m5 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        m6 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        m7 = pl.load(a, [0, 0], [128, 256], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [256, 16], target_memory=pl.MemorySpace.Mat)
        br = pl.move(bm, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(pl.move(m0, target_memory=pl.MemorySpace.Left), br)
        c = pl.matmul_acc(c, pl.move(m1, target_memory=pl.MemorySpace.Left), br)
        c = pl.matmul_acc(c, pl.move(m2, target_memory=pl.MemorySpace.Left), br)
        c = pl.matmul_acc(c, pl.move(m3, target_memory=pl.MemorySpace.Left), br)
        c = pl.matmul_acc(c, pl.move(m4, target_memory=pl.MemorySpace.Left), br)
        c = pl.matmul_acc(c, pl.move(m5, target_memory=pl.MemorySpace.Left), br)
        c = pl.matmul_acc(c, pl.move(m6, target_memory=pl.MemorySpace.Left), br)
        c = pl.matmul_acc(c, pl.move(m7, target_memory=pl.MemorySpace.Left), br)
        s = pl.l0c_store(c, [0, 0], [128, 16], out)
        return s
