# pyptocc-flags: --no-passes --no-addr --emit=pto
# Without addresses a tile buffer is an SSA value, and tiles that share a
# MemRef share it, as they share an address with addresses: u_0, in t_0's
# MemRef, is computed into the loop-carried buffer, so the loop may yield
# it (pto_err_carried_noaddr.py yields a tile of another MemRef).
import pypto.language as pl


@pl.program
class Carried:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        u_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.exp(t_0)
        for i_0, (t_iter_1,) in pl.range(0, 4, 1, init_values=(t_0,)):
            t_2 = pl.yield_(u_0)
        s_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(t_2, [0, 0], [16, 64], out_0)
        return s_0
