# pyptocc-flags: --emit=cpp --no-passes
# Where the shared C++ names of SSA versions (cpp.md 6.2 item 2) would make
# the code wrong, pyptocc refuses instead of writing it as the reference
# did: a use of x_0 after x (x_1) was assigned again, and a loop body that
# assigns n (n_1), declared outside the loop, which the loop does not carry
# (the next iteration would see it).
import pypto.language as pl


@pl.program
class OrchNameErrors:
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
        x_1: pl.Scalar[pl.INT64] = x_0 + 1
        y_0: pl.Scalar[pl.INT64] = x_0 * 2
        n_0: pl.Scalar[pl.INT64] = x_1 + 1
        for j_0 in pl.range(0, 2):
            n_1: pl.Scalar[pl.INT64] = j_0 + n_0
            s_1: pl.Tensor[[16, 64], pl.FP32] = self.bump(s_0, n_1, s_0)
        return s_0
