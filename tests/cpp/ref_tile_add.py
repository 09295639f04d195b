# pyptocc-flags: --no-passes
# cpp.md 5.1: GP1 after the C++ pipeline (passes.md 5.8, with InsertSync's
# MTE2->V and V->MTE3 pairs written out), an Opaque function that is a
# vector kernel run directly (no Orchestration function).  One deviation
# from cpp.md: kernel_entry calls the kernel as ::tile_add, because pto-isa
# brings namespace std into the global namespace (pto/common/fifo.hpp), so
# an unqualified call of a kernel named pair, max or min is ambiguous
# (issue 11); tests/cpp/orch_control.py has a kernel named pair.
import pypto.language as pl


@pl.program
class BlockExample:
    @pl.function
    def tile_add(self, input_a_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 0)], input_b_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)], output_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 16384, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16384, 16384, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 32768, 16384, 5)
        tile_a_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_3] = pl.block.load(input_a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Vec)
        tile_b_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_4] = pl.block.load(input_b_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Vec)
        pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
        tile_c_0: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_5] = pl.block.add(tile_a_0, tile_b_0)
        pl.system.sync_src(set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3, event_id=0)
        result_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 2)] = pl.block.store(tile_c_0, [0, 0], [64, 64], output_0)
        return result_0
