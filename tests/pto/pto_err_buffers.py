# pyptocc-flags: --no-passes --no-addr --emit=pto
# The PTO emitter's buffer errors name IR variables, never SSA names (which
# are not known until a function has been walked, and which the user never
# wrote): a buffer is named by the tile variable it was made for.
#   twice:   the matmul_acc result shares its acc argument's buffer and is
#            yielded into the loop's; a copy of 'other_0' is yielded into
#            the carried buffer (said once, at the copy, not at the yield).
#   pads:    the matmul_acc result would share the buffer of an acc of
#            another type (pad); a tile of another type is yielded into the
#            loop's buffer.
#   branch:  an if yields a tile defined before it.
import pypto.language as pl


@pl.program
class Buffers:
    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, a_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 0)], b_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 1)], c_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)]) -> pl.Tensor[[64, 64], pl.FP32]:
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
        other_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_8] = pl.block.matmul(a_l0_0, b_l0_0)
        for k_0, (acc,) in pl.range(1, 4, 1, init_values=(first_0,)):
            sum_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.block.matmul_acc(other_0, a_l0_0, b_l0_0)
            acc_out: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.yield_(sum_0)
        for k_1, (acc_1,) in pl.range(1, 4, 1, init_values=(first_0,)):
            copy_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_8] = other_0
            acc_out_1: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.yield_(copy_0)
        out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)] = pl.block.l0c_store(acc_out, [0, 0], [64, 64], c_0)
        return out_0

    @pl.function(type=pl.FunctionType.InCore)
    def pads(self, a_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 0)], b_0: pl.Tensor[[64, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 1)], c_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)]) -> pl.Tensor[[64, 64], pl.FP32]:
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
        padded_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_8, tile_view=pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024, pad=pl.TilePad.zero)] = pl.block.matmul(a_l0_0, b_l0_0)
        sum_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_8] = pl.block.matmul_acc(padded_0, a_l0_0, b_l0_0)
        for k_0, (acc,) in pl.range(1, 4, 1, init_values=(first_0,)):
            next_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7, tile_view=pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024, pad=pl.TilePad.zero)] = pl.block.matmul(a_l0_0, b_l0_0)
            acc_out: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.yield_(next_0)
        out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)] = pl.block.l0c_store(acc_out, [0, 0], [64, 64], c_0)
        return out_0

    @pl.function(type=pl.FunctionType.InCore)
    def branch(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        if n > 0:
            u_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.exp(t_0)
            r_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.yield_(u_0)
        else:
            r_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.yield_(t_0)
        s_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(r_0, [0, 0], [16, 64], out_0)
        return s_0
