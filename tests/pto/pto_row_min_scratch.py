# pyptocc-flags: --no-passes --no-addr
# block.min along the rows uses a scratch tile of the source's type
# (pyptocc; ops.md 5.5 and passes.md 5.8 say the result's, [M, 1]
# col_major): PTOAS accepts that for trowsum and trowmax but wants
# trowmin's tmp row_major with the source's valid shape ("expects tmp to
# use the row_major blayout").  AllocateMemoryAddr sizes the scratch region
# for it.
import pypto.language as pl


@pl.program
class RowMin:
    @pl.function(type=pl.FunctionType.InCore)
    def row_min(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], col_0: pl.Tensor[[16, 1], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 64, 1)]) -> pl.Tensor[[16, 1], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 64, 3)
        ta_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        min_0: pl.Tile[[16, 1], pl.FP32, memref=mem_vec_3] = pl.block.min(ta_0, axis=1, keepdim=True)
        r_0: pl.Tensor[[16, 1], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 64, 1)] = pl.block.store(min_0, [0, 0], [16, 1], col_0)
        return r_0
