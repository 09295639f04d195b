# pyptocc-flags: --no-passes
# pto-mlir.md 11.3 in seed syntax with pyptocc's memory reuse (cpp.md 5.3):
# tile_a_0/exp_shifted_0 at 0, max_tmp_0/sum_tmp_0 at 16384, row_max_0/row_sum_0
# at 16640, shifted_0/result_0 at 16896.  Reused buffers get allocs of their own.
import pypto.language as pl


@pl.program
class TileSoftmaxProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_softmax(self, a_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 0)], output_0: pl.Out[pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)]]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 16384, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16384, 256, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16640, 256, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16896, 16384, 5)
        tile_a_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Vec)
        max_tmp_0: pl.Tile[[64, 1], pl.FP32, memref=mem_vec_3] = pl.block.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        row_max_0: pl.Tile[[64, 1], pl.FP32, memref=mem_vec_4] = pl.block.row_max(tile_a_0, max_tmp_0)
        shifted_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_5] = pl.block.row_expand_sub(tile_a_0, row_max_0)
        exp_shifted_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_2] = pl.block.exp(shifted_0)
        sum_tmp_0: pl.Tile[[64, 1], pl.FP32, memref=mem_vec_3] = pl.block.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        row_sum_0: pl.Tile[[64, 1], pl.FP32, memref=mem_vec_4] = pl.block.row_sum(exp_shifted_0, sum_tmp_0)
        result_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_5] = pl.block.row_expand_div(exp_shifted_0, row_sum_0)
        out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)] = pl.block.store(result_0, [0, 0], [64, 64], output_0)
        return out_0
