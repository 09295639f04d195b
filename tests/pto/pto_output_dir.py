# pyptocc-flags: --no-passes
# Several kernels: one module with a func.func per kernel in name order; the
# Orchestration function is not a kernel.  tests/pto.test also writes this
# program with --output-dir (kernels/aic/matmul.pto, kernels/aiv/scale.pto,
# kernels/aiv/shift.pto).
import pypto.language as pl


@pl.program
class Several:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], f_0: pl.Scalar[pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        s_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.muls(t_0, f_0)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(s_0, [0, 0], [16, 64], out_0)
        return r_0

    @pl.function(type=pl.FunctionType.InCore)
    def shift(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        s_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.adds(t_0, -1.5)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(s_0, [0, 0], [16, 64], out_0)
        return r_0

    @pl.function(type=pl.FunctionType.InCore)
    def matmul(self, a_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 0)], b_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 1)], c_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_mat_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 8192, 3)
        mem_mat_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 8192, 8192, 4)
        mem_left_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Left, 0, 8192, 5)
        mem_right_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Right, 0, 8192, 6)
        mem_acc_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 16384, 7)
        a_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_3] = pl.block.load(a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_4] = pl.block.load(b_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_left_5] = pl.block.move(a_l1_0, target_memory=pl.MemorySpace.Left)
        b_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_right_6] = pl.block.move(b_l1_0, target_memory=pl.MemorySpace.Right)
        c_l0_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.block.matmul(a_l0_0, b_l0_0)
        r_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)] = pl.block.l0c_store(c_l0_0, [0, 0], [64, 64], c_0)
        return r_0

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a_0: pl.Tensor[[64, 64], pl.FP16], b_0: pl.Tensor[[64, 64], pl.FP16], c_0: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        r_0: pl.Tensor[[64, 64], pl.FP32] = self.matmul(a_0, b_0, c_0)
        return r_0
