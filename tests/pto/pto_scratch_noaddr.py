# pyptocc-flags: --no-passes --no-addr
# Ops with a scratch tile (ops.md 5, tmp†): rem, rems, sel, transpose and the
# row reductions of sum/max (min: pto_row_min_scratch).  In no-address mode the scratch tile
# %<result>_tmp is an alloc of the result's type without an address, placed
# right before the op.  Also cast (rmode) and the column reductions (no tmp).
import pypto.language as pl


@pl.program
class Scratch:
    @pl.function(type=pl.FunctionType.InCore)
    def with_tmp(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], b_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], m_0: pl.Tensor[[16, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 2)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 3)], col_0: pl.Tensor[[16, 1], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 64, 4)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 6)
        mem_vec_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 1024, 7)
        mem_vec_8: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 9216, 4096, 8)
        mem_vec_9: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 13312, 4096, 9)
        mem_vec_10: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 17408, 4096, 10)
        mem_vec_11: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 21504, 64, 11)
        mem_vec_12: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 21568, 64, 12)
        mem_vec_13: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 21632, 256, 13)
        mem_vec_14: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 21888, 256, 14)
        mem_vec_15: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 22144, 256, 15)
        mem_vec_16: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 22400, 16384, 16)
        mem_vec_17: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 38784, 16384, 17)
        ta_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_5] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tb_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_6] = pl.block.load(b_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        mask_0: pl.Tile[[16, 64], pl.INT8, memref=mem_vec_7] = pl.block.load(m_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        rem_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_8] = pl.block.rem(ta_0, tb_0)
        rems_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_9] = pl.block.rems(rem_0, 2.0)
        sel_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_10] = pl.block.sel(mask_0, rems_0, tb_0)
        sum_0: pl.Tile[[16, 1], pl.FP32, memref=mem_vec_11] = pl.block.sum(sel_0, axis=1, keepdim=True)
        max_0: pl.Tile[[16, 1], pl.FP32, memref=mem_vec_12] = pl.block.max(sel_0, axis=-1, keepdim=True)
        csum_0: pl.Tile[[1, 64], pl.FP32, memref=mem_vec_13] = pl.block.sum(sel_0, axis=0, keepdim=True)
        cmax_0: pl.Tile[[1, 64], pl.FP32, memref=mem_vec_14] = pl.block.max(sel_0, axis=-2, keepdim=True)
        cmin_0: pl.Tile[[1, 64], pl.FP32, memref=mem_vec_15] = pl.block.min(sel_0, axis=0, keepdim=True)
        sq_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_16] = pl.block.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        tr_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_17] = pl.block.transpose(sq_0, 0, 1)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 3)] = pl.block.store(sel_0, [0, 0], [16, 64], out_0)
        r_1: pl.Tensor[[16, 1], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 64, 4)] = pl.block.store(sum_0, [0, 0], [16, 1], col_0)
        return r_0

    @pl.function(type=pl.FunctionType.InCore)
    def casts(self, x_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], h_0: pl.Tensor[[16, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 1)], i_0: pl.Tensor[[16, 64], pl.INT32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)]) -> pl.Tensor[[16, 64], pl.FP16]:
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 2048, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 6144, 4096, 5)
        tx_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.load(x_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        half_0: pl.Tile[[16, 64], pl.FP16, memref=mem_vec_4] = pl.block.cast(tx_0, target_type=pl.FP16)
        floor_0: pl.Tile[[16, 64], pl.INT32, memref=mem_vec_5] = pl.block.cast(tx_0, target_type=pl.INT32, mode="floor")
        r_0: pl.Tensor[[16, 64], pl.FP16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 1)] = pl.block.store(half_0, [0, 0], [16, 64], h_0)
        r_1: pl.Tensor[[16, 64], pl.INT32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)] = pl.block.store(floor_0, [0, 0], [16, 64], i_0)
        return r_0
