# pyptocc-flags: --no-passes --no-addr --emit=pto
# The PTO emitter's errors name IR variables, never SSA names (unknown
# while a function is walked): the buffer of the tile c0_index, whose SSA
# name the constant %c0_index takes, is named 'c0_index'; a tensor is named
# by the parameter it derives from, as in the C++ printer's message.
import pypto.language as pl


@pl.program
class Names:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], b_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 4)
        c0_index: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        u_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_4] = pl.block.exp(c0_index)
        for i_0, (t_iter_1,) in pl.range(0, 4, 1, init_values=(c0_index,)):
            t_2 = pl.yield_(u_0)
        for j_0, (o_iter_1,) in pl.range(0, 4, 1, init_values=(out_0,)):
            o_2 = pl.yield_(b_0)
        s_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 2)] = pl.block.store(t_2, [0, 0], [16, 64], o_2)
        return s_0
