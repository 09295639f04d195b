# pyptocc-flags: --no-passes
# Tile-scalar ops (ops.md 5.3, pto-mlir.md 6.2, 6.3): a scalar operand takes
# the tile's element type.  Literals become constants of that type (3 on an
# FP32 tile is 3.0 : f32); scalar variables are converted (INT64 index ->
# i64 -> f32, FP16 -> f32, INT8 -> i16).  The integer ops use INT16 tiles
# (PTOAS: A2/A3 tands/tors ... take i8/i16).
import pypto.language as pl


@pl.program
class TileScalar:
    @pl.function(type=pl.FunctionType.InCore)
    def float_scalars(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], b_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)], s_0: pl.Scalar[pl.FP32], n_0: pl.Scalar[pl.INT64], h_0: pl.Scalar[pl.FP16]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 4096, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 12288, 4096, 6)
        mem_vec_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16384, 4096, 7)
        mem_vec_8: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 20480, 4096, 8)
        mem_vec_9: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 24576, 4096, 9)
        mem_vec_10: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 28672, 4096, 10)
        mem_vec_11: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 32768, 4096, 11)
        mem_vec_12: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 36864, 4096, 12)
        mem_vec_13: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 40960, 4096, 13)
        ta_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tb_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_4] = pl.block.load(b_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        adds_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_5] = pl.block.adds(ta_0, 3)
        subs_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_6] = pl.block.subs(adds_0, s_0)
        muls_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_7] = pl.block.muls(subs_0, n_0)
        divs_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_8] = pl.block.divs(muls_0, h_0)
        maxs_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_9] = pl.block.maxs(divs_0, 0.0)
        mins_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_10] = pl.block.mins(maxs_0, 6.0)
        lrelu_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_11] = pl.block.lrelu(mins_0, 0.1)
        addsc_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_12] = pl.block.addsc(lrelu_0, s_0, tb_0)
        subsc_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_13] = pl.block.subsc(addsc_0, 3, tb_0)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)] = pl.block.store(subsc_0, [0, 0], [16, 64], out_0)
        return r_0

    @pl.function(type=pl.FunctionType.InCore)
    def int_scalars(self, a_0: pl.Tensor[[16, 64], pl.INT16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 0)], out_0: pl.Tensor[[16, 64], pl.INT16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 1)], k_0: pl.Scalar[pl.INT8]) -> pl.Tensor[[16, 64], pl.INT16]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 2048, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 2048, 2048, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 2048, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 6144, 2048, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 2048, 6)
        mem_vec_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 10240, 2048, 7)
        mem_vec_8: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 12288, 2048, 8)
        ta_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tmp_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_3] = pl.block.create_tile([16, 64], dtype=pl.INT16, target_memory=pl.MemorySpace.Vec)
        ands_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_4] = pl.block.ands(ta_0, pl.const(255, pl.INT16))
        ors_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_5] = pl.block.ors(ands_0, k_0)
        shls_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_6] = pl.block.shls(ors_0, pl.const(2, pl.INT16))
        shrs_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_7] = pl.block.shrs(shls_0, pl.const(1, pl.INT16))
        xors_0: pl.Tile[[16, 64], pl.INT16, memref=mem_vec_8] = pl.block.xors(shrs_0, pl.const(-1, pl.INT16), tmp_0)
        r_0: pl.Tensor[[16, 64], pl.INT16, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 1)] = pl.block.store(xors_0, [0, 0], [16, 64], out_0)
        return r_0
