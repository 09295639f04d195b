# pyptocc-flags: --no-passes --no-addr --emit=pto
# Without addresses a buffer is shared by SSA identity and by MemRef: a
# loop that yields a tile defined before it in another MemRef (not in the
# loop-carried buffer) cannot be expressed; MemoryReuse's yield fix-up
# would have inserted a copy.
import pypto.language as pl


@pl.program
class Carried:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        u_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.exp(t_0)
        for i_0, (t_iter_1,) in pl.range(0, 4, 1, init_values=(t_0,)):
            t_2 = pl.yield_(u_0)
        s_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(t_2, [0, 0], [16, 64], out_0)
        return s_0
