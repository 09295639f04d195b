# Printed memory plans reparse: MemRef variables defined by pl.block.alloc,
# memref= and tile_view= in annotations, MemRefs inside tensor types.
import pypto.language as pl


@pl.program
class Planned:
    @pl.function
    def k(self, a: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 0)], out: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 16384, 2)
        mem_mat_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 16384, 3)
        t: pl.Tile[[64, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Vec)
        m: pl.Tile[[64, 64], pl.FP32, memref=mem_mat_3, tile_view=pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.block.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        r: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 1)] = pl.block.store(t, [0, 0], [64, 64], out)
        return r
