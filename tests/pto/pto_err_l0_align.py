# pyptocc-flags: --emit=pto --no-passes
# A tile's address in Left, Right or Acc is a multiple of 512 bytes: PTOAS
# 0.60 (e32488c9, lib/PTO/IR/PTO.cpp getLocalAddressAlignmentBytes, since
# 2a6e9b5a) rejects "addr must be aligned to 512 bytes for local tile
# memory space"; 32 is enough in Vec and Mat.  A plan that puts a Left tile
# at 256 and a Right tile at 32 (both 32-byte aligned, which PTOAS 0.27
# took) is refused where each tile is defined.
import pypto.language as pl


@pl.program
class Cube:
    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 0)], b_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 1)], c_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)], d_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 3)]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_mat_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 8192, 4)
        mem_mat_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 8192, 8192, 5)
        mem_left_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Left, 256, 8192, 6)
        mem_right_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Right, 32, 8192, 7)
        mem_acc_8: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 16384, 8)
        mem_mat_9: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 16384, 16384, 9)
        a_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_4] = pl.block.load(a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_5] = pl.block.load(b_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_left_6] = pl.block.move(a_l1_0, target_memory=pl.MemorySpace.Left)
        b_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_right_7] = pl.block.move(b_l1_0, target_memory=pl.MemorySpace.Right)
        acc_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_8] = pl.block.matmul(a_l0_0, b_l0_0)
        acc_1: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_8] = pl.block.matmul_acc(acc_0, a_l0_0, b_l0_0)
        acc_mat_0: pl.Tile[[64, 64], pl.FP32, memref=mem_mat_9] = pl.block.move(acc_1, target_memory=pl.MemorySpace.Mat)
        r_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)] = pl.block.store(acc_mat_0, [0, 0], [64, 64], c_0)
        r_1: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 3)] = pl.block.l0c_store(acc_1, [0, 0], [64, 64], d_0)
        return r_0
