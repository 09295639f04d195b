# pyptocc-flags: --no-passes
# SSA versions share their C++ name (cpp.md 6.2 item 2): x_0, x_1 and the
# if result x_3 are all 'x', declared once and then assigned.  The else
# branch reads x_0 after the then branch assigned x_1: the branches are
# alternatives, so that is the value from before the if.  A kernel's result
# is its output argument: s_1 is 'ext_s', and returning it adds no slot
# (s is a parameter, declared In and so passed in and out: INOUT).
import pypto.language as pl


@pl.program
class OrchNames:
    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], n_0: pl.Scalar[pl.INT64], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        u_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.adds(t_0, n_0)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(u_0, [0, 0], [16, 64], out_0)
        return r_0

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, s_0: pl.Tensor[[16, 64], pl.FP32], c_0: pl.Tensor[[1], pl.INT64]) -> pl.Tensor[[16, 64], pl.FP32]:
        x_0: pl.Scalar[pl.INT64] = pl.tensor.read(c_0, [0])
        if x_0 > 2:
            x_1: pl.Scalar[pl.INT64] = x_0 + 1
            x_3: pl.Scalar[pl.INT64] = pl.yield_(x_1)
        else:
            x_2: pl.Scalar[pl.INT64] = x_0 * 2
            x_3: pl.Scalar[pl.INT64] = pl.yield_(x_2)
        s_1: pl.Tensor[[16, 64], pl.FP32] = self.bump(s_0, x_3, s_0)
        return s_1
