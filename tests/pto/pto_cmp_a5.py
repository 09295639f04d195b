# pyptocc-flags: --no-passes --arch=a5
# cmp and cmps (pto-mlir.md 6.2: cmpMode written after the last input).  PTOAS
# wants an i8 result, and the IR types the result like the inputs, so only
# INT8/UINT8 inputs lower; A2/A3 accepts only i32/f16/f32 tcmp inputs, so
# this kernel is for A5.
import pypto.language as pl


@pl.program
class Compare:
    @pl.function(type=pl.FunctionType.InCore)
    def compare(self, a_0: pl.Tensor[[16, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 0)], b_0: pl.Tensor[[16, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 1)], out_0: pl.Tensor[[16, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 2)]) -> pl.Tensor[[16, 64], pl.INT8]:
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 1024, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 1024, 1024, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 2048, 1024, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 3072, 1024, 6)
        ta_0: pl.Tile[[16, 64], pl.INT8, memref=mem_vec_3] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tb_0: pl.Tile[[16, 64], pl.INT8, memref=mem_vec_4] = pl.block.load(b_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        lt_0: pl.Tile[[16, 64], pl.INT8, memref=mem_vec_5] = pl.block.cmp(ta_0, tb_0, cmp_type=2)
        ge_0: pl.Tile[[16, 64], pl.INT8, memref=mem_vec_6] = pl.block.cmps(lt_0, pl.const(3, pl.INT8), cmp_type=5)
        r_0: pl.Tensor[[16, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 2)] = pl.block.store(ge_0, [0, 0], [16, 64], out_0)
        return r_0
