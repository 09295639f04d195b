# pyptocc-flags: --no-passes
# pto-mlir.md 11.1 in seed syntax, after pyptocc's memory planning (no
# in-place reuse: tile_c_0 gets its own buffer).  The Orchestration function
# is not a kernel and is left out of the module.
import pypto.language as pl


@pl.program
class HelloWorldProgram:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_add(self, a_0: pl.Tensor[[128, 128], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 0)], b_0: pl.Tensor[[128, 128], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 1)], c_0: pl.Out[pl.Tensor[[128, 128], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 2)]]) -> pl.Tensor[[128, 128], pl.FP32]:
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 65536, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 65536, 65536, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 131072, 65536, 5)
        tile_a_0: pl.Tile[[128, 128], pl.FP32, memref=mem_vec_3] = pl.block.load(a_0, [0, 0], [128, 128], target_memory=pl.MemorySpace.Vec)
        tile_b_0: pl.Tile[[128, 128], pl.FP32, memref=mem_vec_4] = pl.block.load(b_0, [0, 0], [128, 128], target_memory=pl.MemorySpace.Vec)
        tile_c_0: pl.Tile[[128, 128], pl.FP32, memref=mem_vec_5] = pl.block.add(tile_a_0, tile_b_0)
        out_c_0: pl.Tensor[[128, 128], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 2)] = pl.block.store(tile_c_0, [0, 0], [128, 128], c_0)
        return out_c_0

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(self, a_0: pl.Tensor[[128, 128], pl.FP32], b_0: pl.Tensor[[128, 128], pl.FP32], out_c_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        out_c_ret_0: pl.Tensor[[128, 128], pl.FP32] = self.tile_add(a_0, b_0, out_c_0)
        return out_c_ret_0
