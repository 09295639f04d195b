# pyptocc-flags: --no-passes
# cpp.md 5.3: tile_softmax with pyptocc's memory reuse (exp_shifted_0 on
# tile_a_0's buffer, sum_tmp_0 on max_tmp_0's, row_sum_0 on row_max_0's,
# result_0 on shifted_0's) and InsertSync's syncs: one MTE2->V pair, a V
# barrier before each later vector op, one V->MTE3 pair.
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
        pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
        max_tmp_0: pl.Tile[[64, 1], pl.FP32, memref=mem_vec_3] = pl.block.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
        row_max_0: pl.Tile[[64, 1], pl.FP32, memref=mem_vec_4] = pl.block.row_max(tile_a_0, max_tmp_0)
        pl.system.bar_v()
        shifted_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_5] = pl.block.row_expand_sub(tile_a_0, row_max_0)
        pl.system.bar_v()
        exp_shifted_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_2] = pl.block.exp(shifted_0)
        sum_tmp_0: pl.Tile[[64, 1], pl.FP32, memref=mem_vec_3] = pl.block.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        pl.system.bar_v()
        row_sum_0: pl.Tile[[64, 1], pl.FP32, memref=mem_vec_4] = pl.block.row_sum(exp_shifted_0, sum_tmp_0)
        pl.system.bar_v()
        result_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_5] = pl.block.row_expand_div(exp_shifted_0, row_sum_0)
        pl.system.sync_src(set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3, event_id=0)
        out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)] = pl.block.store(result_0, [0, 0], [64, 64], output_0)
        return out_0
