# pyptocc-flags: --no-passes --emit=pto
# With addresses, a tile a loop yields is defined into the carried buffer
# only where the plan put it too: another tile may be at the carried
# address while this one is written (codegen/lower_tile.c).  The PTO
# output wrote 't_0' into the carried buffer and said nothing; the C++
# output refused it (tests/cpp/err_buffers has the other buffer errors).
import pypto.language as pl


@pl.program
class Carried:
    @pl.function(type=pl.FunctionType.InCore)
    def yielded(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8192, 4096, 4)
        x_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        for k_0, (acc_0,) in pl.range(0, 4, 1, init_values=(x_0,)):
            t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_4] = pl.block.add(acc_0, acc_0)
            r_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.yield_(t_0)
        o_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(r_0, [0, 0], [16, 64], out_0)
        return o_0
