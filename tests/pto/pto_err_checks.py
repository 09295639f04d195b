# pyptocc-flags: --no-passes --emit=pto
# What PTOAS does not check and pyptocc does (pto-mlir.md 12, ops.md 5.2):
# elementwise operands of different shapes, a store whose shape is not the
# tile's, a padded narrow tile whose MemRef is too small for its whole
# 32-byte rows, and a Mat tile's MemRef too small for its whole fractal
# boxes,
# vec_move out of Vec only, no Acc -> Vec move on a2a3,
# and a matmul operand outside Left.
import pypto.language as pl


@pl.program
class Checks:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], r_0: pl.Tensor[[1, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 256, 1)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 256, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4352, 4096, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8448, 384, 6)
        mem_vec_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8832, 4096, 7)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        row_0: pl.Tile[[1, 64], pl.FP32, memref=mem_vec_4] = pl.block.load(r_0, [0, 0], [1, 64], target_memory=pl.MemorySpace.Vec)
        s_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_5] = pl.block.add(t_0, row_0)
        narrow_0: pl.Tile[[16, 6], pl.FP32, memref=mem_vec_6] = pl.block.create_tile([16, 6], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        lt_0: pl.Tile[[16, 64], pl.UINT8, memref=mem_vec_7, tile_view=pl.TileView(valid_shape=[16, 8])] = pl.block.cmp(t_0, t_0, cmp_type=2)
        o_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)] = pl.block.store(t_0, [0, 0], [8, 64], out_0)
        return o_0

    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 0)], out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_mat_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 8192, 2)
        mem_mat_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 8192, 2560, 3)
        mem_right_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Right, 0, 8192, 4)
        mem_acc_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 16384, 5)
        m_0: pl.Tile[[64, 64], pl.FP16, memref=mem_mat_2] = pl.block.load(a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        odd_0: pl.Tile[[20, 64], pl.FP16, memref=mem_mat_3] = pl.block.load(a_0, [0, 0], [20, 64], target_memory=pl.MemorySpace.Mat)
        r_0: pl.Tile[[64, 64], pl.FP16, memref=mem_right_4] = pl.block.move(m_0, target_memory=pl.MemorySpace.Right)
        c_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_5] = pl.block.matmul(m_0, r_0)
        o_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)] = pl.block.store(c_0, [0, 0], [64, 64], out_0)
        return o_0

    @pl.function(type=pl.FunctionType.InCore)
    def moves(self, a_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 0)], out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_mat_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 16384, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 16384, 3)
        mem_acc_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 16384, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16384, 16384, 5)
        m_0: pl.Tile[[64, 64], pl.FP32, memref=mem_mat_2] = pl.block.load(a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        v_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_3] = pl.block.vec_move(m_0)
        acc_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_4] = pl.block.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        w_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_5] = pl.block.move(acc_0, target_memory=pl.MemorySpace.Vec)
        o_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)] = pl.block.store(w_0, [0, 0], [64, 64], out_0)
        return o_0
