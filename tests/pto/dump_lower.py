# pyptocc-flags: --no-passes --dump-after=lower
# --dump-after=lower prints each kernel's lowered instructions on standard
# error (dump_lower.stderr): views, transfers and ops with their tile
# buffers, scalars and control flow with carried positions, each with
# the line and column of its statement.  The output is unchanged.
import pypto.language as pl


@pl.program
class ControlTiles:
    @pl.function(type=pl.FunctionType.InCore)
    def row_blocks(self, a_0: pl.Tensor[[128, 128], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 0)], b_0: pl.Tensor[[128, 128], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 1)], c_0: pl.Tensor[[128, 128], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 2)]) -> pl.Tensor[[128, 128], pl.FP32]:
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 32768, 3)
        mem_vec_4: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 32768, 32768, 4)
        mem_vec_5: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 65536, 32768, 5)
        n_0: pl.Scalar[pl.INT64] = 0
        for i_0, (acc, cnt) in pl.range(0, 128, 64, init_values=(c_0, n_0)):
            tile_a_0: pl.Tile[[64, 128], pl.FP32, memref=mem_vec_3] = pl.block.load(a_0, [i_0, 0], [64, 128], target_memory=pl.MemorySpace.Vec)
            tile_b_0: pl.Tile[[64, 128], pl.FP32, memref=mem_vec_4] = pl.block.load(b_0, [i_0, 0], [64, 128], target_memory=pl.MemorySpace.Vec)
            tile_c_0: pl.Tile[[64, 128], pl.FP32, memref=mem_vec_5] = pl.block.add(tile_a_0, tile_b_0)
            stored_0: pl.Tensor[[128, 128], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 65536, 2)] = pl.block.store(tile_c_0, [i_0, 0], [64, 128], acc)
            cnt_1: pl.Scalar[pl.INT64] = cnt + 1
            acc_out, cnt_out = pl.yield_(stored_0, cnt_1)
        return acc_out

    @pl.function(type=pl.FunctionType.InCore)
    def branch(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], n_0: pl.Scalar[pl.INT64]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 4096, 4096, 3)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        if n_0 > 0:
            t_1: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.exp(t_0)
            k_1: pl.Scalar[pl.INT64] = n_0 * 2
            t_3, k_3 = pl.yield_(t_1, k_1)
        else:
            t_2: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_3] = pl.block.neg(t_0)
            t_3, k_3 = pl.yield_(t_2, n_0)
        s_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(t_3, [k_3, 0], [16, 64], out_0)
        return s_0

    @pl.function(type=pl.FunctionType.InCore)
    def carried(self, a_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)], n_0: pl.Scalar[pl.INT64]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        for i_0, (t_iter_1,) in pl.parallel(0, n_0, 1, init_values=(t_0,)):
            t_2: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.muls(t_iter_1, 0.5)
            t_3 = pl.yield_(t_2)
        x_0: pl.Scalar[pl.INT64] = 0
        for (x, u) in pl.while_(init_values=(x_0, t_3)):
            pl.cond(x < n_0)
            u_1: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.adds(u, 1.0)
            x_1: pl.Scalar[pl.INT64] = x + 1
            x_out, u_out = pl.yield_(x_1, u_1)
        s_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)] = pl.block.store(u_out, [0, 0], [16, 64], out_0)
        return s_0
