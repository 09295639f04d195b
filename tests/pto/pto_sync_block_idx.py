# pyptocc-flags: --no-passes
# get_block_idx (an i64, cast to index where an offset needs it) and the
# system ops the user wrote (pto-mlir.md 9): set_flag, wait_flag, barriers.
import pypto.language as pl


@pl.program
class Sync:
    @pl.function(type=pl.FunctionType.InCore)
    def blocks(self, a_0: pl.Tensor[[256, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 0)], out_0: pl.Tensor[[256, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 1)]) -> pl.Tensor[[256, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3)
        bid_0: pl.Scalar[pl.UINT64] = pl.block.get_block_idx()
        row_0: pl.Scalar[pl.INT64] = pl.cast(bid_0, pl.INT64) * 16
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [row_0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
        e_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.exp(t_0)
        pl.system.bar_v()
        pl.system.bar_m()
        pl.system.sync_src(set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3, event_id=7)
        pl.system.sync_dst(set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3, event_id=7)
        r_0: pl.Tensor[[256, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 1)] = pl.block.store(e_0, [row_0, 0], [16, 64], out_0)
        pl.system.bar_all()
        return r_0
