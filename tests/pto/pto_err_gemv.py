# pyptocc-flags: --emit=pto --no-passes
# gemv and gemv_acc as written here have no PTO lowering (pyptocc;
# pto-mlir.md 6.5 lists pto.tgemv): PTOAS wants the Left tile's valid rows
# to be 1 ("expects lhs valid_shape[0] to be 1 for tgemv") in a tile of
# whole 16-row fractal boxes.  Legalize makes such a tile of a [1, K]
# vector it loads into Mat (legalize_gemv.c), which a program already
# planned (--no-passes) does not get: a [16, K] Left tile has 16 valid
# rows.  So both are errors that suggest matmul.
import pypto.language as pl


@pl.program
class Gemv:
    @pl.function(type=pl.FunctionType.InCore)
    def gemv(self, v_0: pl.Tensor[[16, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 0)], b_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 1)], d_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_mat_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 2048, 3)
        mem_mat_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 2048, 8192, 4)
        mem_left_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Left, 0, 2048, 5)
        mem_right_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Right, 0, 8192, 6)
        mem_acc_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 4096, 7)
        v_l1_0: pl.Tile[[16, 64], pl.FP16, memref=mem_mat_3] = pl.block.load(v_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        b_l1_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_4] = pl.block.load(b_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        v_l0_0: pl.Tile[[16, 64], pl.FP16, memref=mem_left_5] = pl.block.move(v_l1_0, target_memory=pl.MemorySpace.Left)
        b_l0_0: pl.Tile[[64, 64], pl.FP16, memref=mem_right_6] = pl.block.move(b_l1_0, target_memory=pl.MemorySpace.Right)
        g_0: pl.Tile[[16, 64], pl.FP32, memref=mem_acc_7] = pl.block.gemv(v_l0_0, b_l0_0)
        g_1: pl.Tile[[16, 64], pl.FP32, memref=mem_acc_7] = pl.block.gemv_acc(g_0, v_l0_0, b_l0_0)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)] = pl.block.l0c_store(g_1, [0, 0], [16, 64], d_0)
        return r_0
