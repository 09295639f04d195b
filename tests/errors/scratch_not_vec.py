# A scratch region holds the temporary tiles of vector ops: it must be in
# the Vec memory space.
import pypto.language as pl


@pl.program
class ScratchSpace:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_mat_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Mat, 0, 4096, 3, scratch=True)
        ta_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        o_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(ta_0, [0, 0], [16, 64], out_0)
        return o_0
