# pyptocc-flags: --no-passes -g
# An INT8 tile add, which A2/A3's TADD does not take: Legalize would have
# refused it, but --no-passes skips it, so the PTO reaches PTOAS, whose
# verifier reports the pto.tadd at the location -g gave it, this file's
# line of the add (tests/debug_loc.test runs PTOAS on it).
import pypto.language as pl

@pl.program
class Int8Add:
    @pl.function
    def tile_add(self, input_a_0: pl.Tensor[[64, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], input_b_0: pl.Tensor[[64, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], output_0: pl.Tensor[[64, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)]) -> pl.Tensor[[64, 64], pl.INT8]:
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 4096, 5)
        tile_a_0: pl.Tile[[64, 64], pl.INT8, memref=mem_vec_3] = pl.block.load(input_a_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Vec)
        tile_b_0: pl.Tile[[64, 64], pl.INT8, memref=mem_vec_4] = pl.block.load(input_b_0, [0, 0], [64, 64], target_memory=pl.MemorySpace.Vec)
        tile_c_0: pl.Tile[[64, 64], pl.INT8, memref=mem_vec_5] = pl.block.add(tile_a_0, tile_b_0)
        result_0: pl.Tensor[[64, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)] = pl.block.store(tile_c_0, [0, 0], [64, 64], output_0)
        return result_0
