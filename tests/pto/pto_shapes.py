# pyptocc-flags: --no-passes
# Parameters and shapes (pto-mlir.md 3, 4.3, 5): tensors, then scalars, then
# one index per symbolic dimension (N); a 1-D tensor view and a 1-D tile
# (rows=1); a reshape (a second alloc at the input's address, no op); Vec
# copies with vec_move and a Vec -> Vec move.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class Shapes:
    @pl.function(type=pl.FunctionType.InCore)
    def shapes(self, x_0: pl.Tensor[[N, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 0, 0)], v_0: pl.Tensor[[256], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 0)], out_0: pl.Tensor[[N, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 0, 2)], k_0: pl.Scalar[pl.INT64]) -> pl.Tensor[[N, 64], pl.FP32]:
        mem_vec_1: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 1)
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 256, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4352, 256, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4608, 4096, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 8704, 4096, 5)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_1] = pl.block.load(x_0, [k_0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        r_0: pl.Tile[[64, 16], pl.FP32, memref=mem_vec_1] = pl.block.reshape(t_0, [64, 16])
        u_0: pl.Tile[[64], pl.FP32, memref=mem_vec_2] = pl.block.load(v_0, [64], [64], target_memory=pl.MemorySpace.Vec)
        w_0: pl.Tile[[64], pl.FP32, memref=mem_vec_3] = pl.block.exp(u_0)
        c_0: pl.Tile[[64, 16], pl.FP32, memref=mem_vec_4] = pl.block.vec_move(r_0)
        d_0: pl.Tile[[64, 16], pl.FP32, memref=mem_vec_5] = pl.block.move(c_0, target_memory=pl.MemorySpace.Vec)
        back_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_5] = pl.block.reshape(d_0, [16, 64])
        s_0: pl.Tensor[[N, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 0, 2)] = pl.block.store(back_0, [k_0, 0], [16, 64], out_0)
        s_1: pl.Tensor[[256], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 1024, 0)] = pl.block.store(w_0, [0], [64], v_0)
        return s_0
