# pyptocc-flags: --no-passes --emit=cpp
# The tile buffers are the lowering's (codegen/lower_tile.c), so the C++
# output refuses what the PTO output refuses, in the same words
# (tests/pto/pto_err_carried_addr is the same program for PTO):
#   yielded: a tile the loop yields is defined into the carried buffer;
#            here the plan put it elsewhere (another tile may be at the
#            carried address meanwhile).  C++ said "the yielded tile 't_0'
#            is at 0x2000, not at the carried address 0x0" at the yield.
#   copied:  a copy of another buffer is yielded into the carried one:
#            said once, at the copy (C++ said it at the yield).
#   acc:     a matmul_acc result planned away from its accumulator.
#   apart:   an in-place recip on a2a3.
import pypto.language as pl


@pl.program
class Buffers:
    @pl.function(type=pl.FunctionType.InCore)
    def yielded(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 4096, 4)
        x_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        y_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        for k_0, (acc_0,) in pl.range(0, 4, 1, init_values=(x_0,)):
            t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_4] = pl.block.add(acc_0, y_0)
            r_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.yield_(t_0)
        for k_1, (acc_1,) in pl.range(0, 4, 1, init_values=(x_0,)):
            c_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = y_0
            r_1: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.yield_(c_0)
        e_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.recip(y_0)
        o_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(x_0, [0, 0], [16, 64], out_0)
        return o_0

    @pl.function(type=pl.FunctionType.InCore)
    def acc(self, a_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 0)], b_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 1)], c_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_mat_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 8192, 3)
        mem_mat_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 8192, 8192, 4)
        mem_left_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Left, 0, 8192, 5)
        mem_right_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Right, 0, 8192, 6)
        mem_acc_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 16384, 7)
        mem_acc_8: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 16384, 16384, 8)
        a_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_3] = pl.block.load(a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_4] = pl.block.load(b_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_left_5] = pl.block.move(a_l1_0, target_memory=pl.MemorySpace.Left, transpose=False)
        b_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_right_6] = pl.block.move(b_l1_0, target_memory=pl.MemorySpace.Right, transpose=False)
        first_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.block.matmul(a_l0_0, b_l0_0)
        sum_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_8] = pl.block.matmul_acc(first_0, a_l0_0, b_l0_0)
        out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)] = pl.block.l0c_store(first_0, [0, 0], [64, 64], c_0)
        return out_0
