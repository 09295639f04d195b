# pyptocc-flags: --no-passes --no-addr
# pto_names_constants without addresses: no address constants, so the float
# constants are numbered from the view operands on (3.0 is %cst_3, and the
# variable cst_3 gets a numeric name), and c16384_i64 keeps its name.
import pypto.language as pl


@pl.program
class Names:
    @pl.function(type=pl.FunctionType.InCore)
    def tiles(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], s_0: pl.Scalar[pl.FP32], n_0: pl.Scalar[pl.INT64]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16384, 4096, 3)
        cst_3: pl.Scalar[pl.FP32] = s_0 * 3.0
        c16384_i64: pl.Scalar[pl.INT64] = n_0 * 2
        c0_index: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, c16384_i64], [16, 64], target_memory=pl.MemorySpace.Vec)
        cst_1: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.adds(c0_index, cst_3)
        a_0_view: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.muls(cst_1, 0.25)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(a_0_view, [0, 0], [16, 64], out_0)
        return r_0
