# pyptocc-flags: --no-passes
# cpp.md 5.2: MatmulProgram.matmul of pto-mlir.md 11.2 with the allocation
# of passes.md 5.8 (each space from 0) and the syncs PTOAS inserts for it
# (MTE2->MTE1 with ids 0 and 1, MTE1->M, M->FIX): a cube kernel, run
# through the Orchestration function.
import pypto.language as pl


@pl.program
class MatmulProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul(self, a_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 0)], b_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)], c_0: pl.Out[pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)]]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_mat_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 16384, 3)
        mem_mat_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 16384, 16384, 4)
        mem_left_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Left, 0, 16384, 5)
        mem_right_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Right, 0, 16384, 6)
        mem_acc_7: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Acc, 0, 16384, 7)
        tile_a_l1_0: pl.Tile[[64, 64], pl.FP32, memref=mem_mat_3] = pl.block.load(a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE1, event_id=0)
        tile_b_l1_0: pl.Tile[[64, 64], pl.FP32, memref=mem_mat_4] = pl.block.load(b_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE1, event_id=1)
        pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE1, event_id=0)
        tile_a_l0a_0: pl.Tile[[64, 64], pl.FP32, memref=mem_left_5] = pl.block.move(tile_a_l1_0, target_memory=pl.MemorySpace.Left)
        pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.MTE1, event_id=1)
        tile_b_l0b_0: pl.Tile[[64, 64], pl.FP32, memref=mem_right_6] = pl.block.move(tile_b_l1_0, target_memory=pl.MemorySpace.Right)
        pl.system.sync_src(set_pipe=pl.PipeType.MTE1, wait_pipe=pl.PipeType.M, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.MTE1, wait_pipe=pl.PipeType.M, event_id=0)
        tile_c_l0c_0: pl.Tile[[64, 64], pl.FP32, memref=mem_acc_7] = pl.block.matmul(tile_a_l0a_0, tile_b_l0b_0)
        pl.system.sync_src(set_pipe=pl.PipeType.M, wait_pipe=pl.PipeType.FIX, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.M, wait_pipe=pl.PipeType.FIX, event_id=0)
        out_c_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)] = pl.block.store(tile_c_l0c_0, [0, 0], [64, 64], c_0)
        return out_c_0

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(self, a_0: pl.Tensor[[64, 64], pl.FP32], b_0: pl.Tensor[[64, 64], pl.FP32], out_c_0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        out_c_ret_0: pl.Tensor[[64, 64], pl.FP32] = self.matmul(a_0, b_0, out_c_0)
        return out_c_ret_0
