# pyptocc-flags: --no-passes
# SSA names against the constant pool (pto-mlir.md 4.2).  The constants are
# named first, after the parameters, so a variable that wants the name of a
# constant (cst, cst_1, c1_index, true; c16384_i64 and c0_index in address
# mode) or of a parameter (arg0) gets the next numeric one, and so does the
# tile a_0_view, whose name the view of a_0 took; false and the second
# function's cst keep theirs.  A float constant's number is its final place
# in the pool: 3.0, met first in the body, is %cst_5 behind the address
# constants (met later, at the allocations) and the view operands.
import pypto.language as pl


@pl.program
class Names:
    @pl.function
    def scalars(self, x: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.FP32]:
        cst: pl.Scalar[pl.FP32] = x * 2.0
        cst_1: pl.Scalar[pl.FP32] = cst - 0.5
        arg0: pl.Scalar[pl.INT64] = n + 1
        c1_index: pl.Scalar[pl.INT64] = arg0 * 3
        true: pl.Scalar[pl.BOOL] = c1_index > 0
        false: pl.Scalar[pl.BOOL] = not true
        r: pl.Scalar[pl.FP32] = cst_1 + x
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def tiles(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], s_0: pl.Scalar[pl.FP32], n_0: pl.Scalar[pl.INT64]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 16384, 4096, 3)
        cst: pl.Scalar[pl.FP32] = s_0 * 3.0
        c16384_i64: pl.Scalar[pl.INT64] = n_0 * 2
        c0_index: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, c16384_i64], [16, 64], target_memory=pl.MemorySpace.Vec)
        cst_1: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.adds(c0_index, cst)
        a_0_view: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.muls(cst_1, 0.25)
        r_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(a_0_view, [0, 0], [16, 64], out_0)
        return r_0
