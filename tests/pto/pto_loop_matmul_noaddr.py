# pyptocc-flags: --no-passes --no-addr
# The K loop of pto_loop_matmul without addresses: the loop-carried Acc tile
# is one SSA buffer (%first_0) that the matmul_acc in the body accumulates
# into, which is what makes PTOAS keep it in one place.
import pypto.language as pl


@pl.program
class Matmul:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul(self, a_0: pl.Tensor[[64, 256], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 32768, 0)], b_0: pl.Tensor[[256, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 32768, 1)], c_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_mat_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 8192, 3)
        mem_mat_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 8192, 8192, 4)
        mem_left_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Left, 0, 8192, 5)
        mem_right_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Right, 0, 8192, 6)
        mem_acc_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 16384, 7)
        a_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_3] = pl.block.load(a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_4] = pl.block.load(b_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_left_5] = pl.block.move(a_l1_0, target_memory=pl.MemorySpace.Left, transpose=False)
        b_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_right_6] = pl.block.move(b_l1_0, target_memory=pl.MemorySpace.Right, transpose=False)
        first_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.block.matmul(a_l0_0, b_l0_0)
        for k_0, (acc,) in pl.range(1, 4, 1, init_values=(first_0,)):
            ak_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_3] = pl.block.load(a_0, [0, k_0 * 64], [64, 64], target_memory=pl.MemorySpace.Mat)
            bk_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_4] = pl.block.load(b_0, [k_0 * 64, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
            ak_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_left_5] = pl.block.move(ak_l1_0, target_memory=pl.MemorySpace.Left, transpose=False)
            bk_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_right_6] = pl.block.move(bk_l1_0, target_memory=pl.MemorySpace.Right, transpose=False)
            _t0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.block.matmul_acc(acc, ak_l0_0, bk_l0_0)
            acc_out: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.yield_(_t0)
        out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)] = pl.block.l0c_store(acc_out, [0, 0], [64, 64], c_0)
        return out_0
