# pyptocc-flags: --passes=allocate_memory_addr
# AllocateMemoryAddr plans the scratch region again over a printed plan:
# in k, the scratch alloc of an earlier plan (too small, and first) gives
# way to the region k needs (4096 bytes after the Vec tiles, with the next
# free id, after the other alloc statements); plain has no op that needs a
# scratch tile, so its scratch alloc is dropped.
import pypto.language as pl

@pl.program
class ScratchReplan:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], b_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)]], col_0: pl.Out[pl.Tensor[[16, 1], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 64, 3)]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_9: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 12288, 64, 9, scratch=True)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 5)
        mem_vec_6: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 4096, 6)
        ta_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_4] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        tb_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_5] = pl.block.load(b_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        r_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_6] = pl.block.rem(ta_0, tb_0)
        rs_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_4] = pl.block.rems(r_0, 2.0)
        s_0: pl.Tile[[16, 1], pl.FP32, memref=mem_vec_5, tile_view=pl.TileView(blayout=pl.TileLayout.col_major)] = pl.block.sum(rs_0, axis=1, keepdim=True)
        o_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)] = pl.block.store(rs_0, [0, 0], [16, 64], out_0)
        c_0: pl.Tensor[[16, 1], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 64, 3)] = pl.block.store(s_0, [0, 0], [16, 1], col_0)
        return o_0

    @pl.function(type=pl.FunctionType.InCore)
    def plain(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3, scratch=True)
        ta_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        o_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(ta_0, [0, 0], [16, 64], out_0)
        return o_0
