# pyptocc-flags: --no-passes --emit=pto
# A kernel that uses both the M pipe (matmul) and the V pipe (exp) has no
# kernel kind (ops.md 8): an error that names the function.
import pypto.language as pl


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def mixed(self, a_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 0)], out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_mat_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 8192, 2)
        mem_left_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Left, 0, 8192, 3)
        mem_right_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Right, 0, 8192, 4)
        mem_acc_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 16384, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 16384, 6)
        mem_vec_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16384, 16384, 7)
        m_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_2] = pl.block.load(a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        l_0: pl.Tile[[64, 64], pl.FP16, memref=mem_left_3] = pl.block.move(m_0, target_memory=pl.MemorySpace.Left)
        r_0: pl.Tile[[64, 64], pl.FP16, memref=mem_right_4] = pl.block.move(m_0, target_memory=pl.MemorySpace.Right)
        c_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_5] = pl.block.matmul(l_0, r_0)
        v_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_6] = pl.block.load(out_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Vec)
        e_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_7] = pl.block.exp(v_0)
        o_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)] = pl.block.store(c_0, [0, 0], [64, 64], out_0)
        return o_0
