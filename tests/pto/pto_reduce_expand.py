# pyptocc-flags: --no-passes
# Row reductions with their IR tmp tile (source-shaped: PTOAS wants
# trowmin's tmp row_major with the source's valid shape), row and column broadcasts, fills
# (ops.md 5.1, 5.5, 5.6; pto-mlir.md 6.4): block.full and block.expands
# become texpands with a constant of the tile's element type; fillpad's
# destination has pad=1; create_tile emits only its alloc.  Column vectors
# [M, 1] are col_major; a [16, 1] tensor gets a dn view with strides [1, 16].
import pypto.language as pl


@pl.program
class ReduceExpand:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce_expand(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], row_0: pl.Tensor[[16, 1], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 64, 1)], col_0: pl.Tensor[[1, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 256, 2)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 3)], v_0: pl.Scalar[pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 64, 6)
        mem_vec_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8256, 64, 7)
        mem_vec_8: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8320, 64, 8)
        mem_vec_9: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8384, 64, 9)
        mem_vec_10: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8448, 256, 10)
        mem_vec_11: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8704, 4096, 11)
        mem_vec_12: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 12800, 4096, 12)
        mem_vec_13: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16896, 4096, 13)
        mem_vec_14: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 20992, 4096, 14)
        mem_vec_15: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 25088, 4096, 15)
        mem_vec_16: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 29184, 4096, 16)
        mem_vec_17: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 33280, 4096, 17)
        mem_vec_18: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 37376, 4096, 18)
        mem_vec_19: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 41472, 4096, 19)
        mem_vec_20: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 45568, 4096, 20)
        mem_vec_21: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 49664, 4096, 21)
        mem_vec_22: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 53760, 4096, 22)
        mem_vec_23: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 57856, 4096, 23)
        mem_vec_24: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 61952, 4096, 24)
        ta_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_4] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tmp_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_5] = pl.block.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        rsum_0: pl.Tile[[16, 1], pl.FP32, memref=mem_vec_6] = pl.block.row_sum(ta_0, tmp_0)
        rmax_0: pl.Tile[[16, 1], pl.FP32, memref=mem_vec_7] = pl.block.row_max(ta_0, tmp_0)
        rmin_0: pl.Tile[[16, 1], pl.FP32, memref=mem_vec_8] = pl.block.row_min(ta_0, tmp_0)
        trow_0: pl.Tile[[16, 1], pl.FP32, memref=mem_vec_9] = pl.block.load(row_0, [0, 0], [16, 1], target_memory=pl.MemorySpace.Vec)
        tcol_0: pl.Tile[[1, 64], pl.FP32, memref=mem_vec_10] = pl.block.load(col_0, [0, 0], [1, 64], target_memory=pl.MemorySpace.Vec)
        rexp_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_11] = pl.block.row_expand(ta_0)
        radd_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_12] = pl.block.row_expand_add(rexp_0, rsum_0)
        rsub_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_13] = pl.block.row_expand_sub(radd_0, rmax_0)
        rmul_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_14] = pl.block.row_expand_mul(rsub_0, rmin_0)
        rdiv_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_15] = pl.block.row_expand_div(rmul_0, trow_0)
        cexp_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_16] = pl.block.col_expand(rdiv_0, tcol_0)
        cmul_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_17] = pl.block.col_expand_mul(cexp_0, tcol_0)
        cdiv_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_18] = pl.block.col_expand_div(cmul_0, tcol_0)
        csub_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_19] = pl.block.col_expand_sub(cdiv_0, tcol_0)
        zero_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_20] = pl.block.full([16, 64], 0.0, dtype=pl.FP32)
        ones_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_21] = pl.block.full([16, 64], 1, dtype=pl.FP32)
        fill_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_22] = pl.block.expands(zero_0, v_0)
        fill_1: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_23] = pl.block.expands(ones_0, 2)
        pad_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_24] = pl.block.fillpad(csub_0)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 3)] = pl.block.store(pad_0, [0, 0], [16, 64], out_0)
        return r_0
