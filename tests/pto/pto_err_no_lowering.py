# pyptocc-flags: --no-passes --emit=pto
# Block ops without a PTO lowering are located errors that say why
# (ops.md 5): view (Legalize, not run here, copies it) and sels in a
# vector kernel; batch_matmul (a cube op)
# in a kernel of its own; matmul_bias,
# gemv_bias (the Bias space) and move with transpose in a cube kernel.
import pypto.language as pl


@pl.program
class NoLowering:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 1024, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 9216, 4096, 5)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        v_0: pl.Tile[[16, 16], pl.FP32, memref=mem_vec_3] = pl.block.view(t_0, [16, 16], [0, 0])
        s_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_5] = pl.block.sels(t_0, t_0, 1)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(s_0, [0, 0], [16, 64], out_0)
        return r_0

    @pl.function(type=pl.FunctionType.InCore)
    def batched(self, a_0: pl.Tensor[[16, 16], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 0)], out_0: pl.Tensor[[16, 16], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 1)]) -> pl.Tensor[[16, 16], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 1024, 2)
        mem_acc_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 1024, 3)
        t_0: pl.Tile[[16, 16], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 16], target_memory=pl.MemorySpace.Vec)
        b_0: pl.Tile[[16, 16], pl.FP32, memref=mem_acc_3] = pl.block.batch_matmul(t_0, t_0)
        r_0: pl.Tensor[[16, 16], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 1)] = pl.block.store(b_0, [0, 0], [16, 16], out_0)
        return r_0

    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 0)], bias_0: pl.Tensor[[1, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 256, 1)], out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_mat_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 8192, 3)
        mem_left_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Left, 0, 8192, 4)
        mem_right_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Right, 0, 8192, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 256, 6)
        mem_acc_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 16384, 7)
        mem_acc_8: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 16384, 16384, 8)
        m_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_3] = pl.block.load(a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        l_0: pl.Tile[[64, 64], pl.FP16, memref=mem_left_4] = pl.block.move(m_0, target_memory=pl.MemorySpace.Left)
        r_0: pl.Tile[[64, 64], pl.FP16, memref=mem_right_5] = pl.block.move(m_0, target_memory=pl.MemorySpace.Right, transpose=True)
        bias_t_0: pl.Tile[[1, 64], pl.FP32, memref=mem_vec_6] = pl.block.load(bias_0, [0, 0], [1, 64], target_memory=pl.MemorySpace.Vec)
        c_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.block.matmul_bias(l_0, r_0, bias_t_0)
        g_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_8] = pl.block.gemv_bias(l_0, r_0, bias_t_0)
        o_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)] = pl.block.store(c_0, [0, 0], [64, 64], out_0)
        return o_0
