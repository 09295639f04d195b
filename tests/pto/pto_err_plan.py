# pyptocc-flags: --no-passes --emit=pto
# Address mode needs the memory plan: a tmp† op needs the scratch region
# that AllocateMemoryAddr reserves (a reparsed plan has none), every tile
# needs an address, and reduction/aliasing rules the plan must respect:
# sum along an axis only with keepdim=True, no addc result on its third
# operand, no in-place recip on a2a3.
import pypto.language as pl


@pl.program
class Plan:
    @pl.function(type=pl.FunctionType.InCore)
    def plan(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 64, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8256, 4096, 5)
        mem_vec_9: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, -1, 4096, 9)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        r_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.rem(t_0, t_0)
        u_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_9] = pl.block.exp(t_0)
        s_0: pl.Tile[[16], pl.FP32, memref=mem_vec_4] = pl.block.sum(t_0, axis=1)
        c_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_5] = pl.block.addc(t_0, t_0, r_0)
        d_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.addc(t_0, t_0, r_0)
        e_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.recip(t_0)
        o_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(d_0, [0, 0], [16, 64], out_0)
        return o_0
