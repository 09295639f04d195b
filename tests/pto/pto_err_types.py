# pyptocc-flags: --no-passes --emit=pto
# Types PTO cannot express: a dtype without an MLIR type (FP8E4M3FN), a rank-3
# tensor and a rank-3 store (a tensor view with the DN layout, once here,
# is viewed: tests/pto/dn_tensor_views.py).
import pypto.language as pl


@pl.program
class Types:
    @pl.function(type=pl.FunctionType.InCore)
    def fp8(self, a_0: pl.Tensor[[32, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 0)], out_0: pl.Tensor[[32, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 1)]) -> pl.Tensor[[32, 64], pl.INT8]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 2048, 2)
        mem_vec_3: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 2048, 2048, 3)
        t_0: pl.Tile[[32, 64], pl.INT8, memref=mem_vec_2] = pl.block.load(a_0, [0, 0], [32, 64], target_memory=pl.MemorySpace.Vec)
        f_0: pl.Tile[[32, 64], pl.FP8E4M3FN, memref=mem_vec_3] = pl.block.cast(t_0, target_type=pl.FP8E4M3FN)
        r_0: pl.Tensor[[32, 64], pl.INT8, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 2048, 1)] = pl.block.store(t_0, [0, 0], [32, 64], out_0)
        return r_0

    @pl.function(type=pl.FunctionType.InCore)
    def rank3(self, a_0: pl.Tensor[[2, 16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 0)], out_0: pl.Tensor[[16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 4096, 1)]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem_vec_2: pl.MemRefType = pl.block.alloc(pl.MemorySpace.Vec, 0, 4096, 2)
        t_0: pl.Tile[[16, 64], pl.FP32, memref=mem_vec_2] = pl.block.load(out_0, [0, 0], [16, 64], target_memory=pl.MemorySpace.Vec)
        r_0: pl.Tensor[[2, 16, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 8192, 0)] = pl.block.store(t_0, [0, 0, 0], [1, 16, 64], a_0)
        return out_0

    @pl.function(type=pl.FunctionType.InCore)
    def dn(self, a_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 0), tensor_view=pl.TensorView(stride=[], layout=pl.TensorLayout.DN)], out_0: pl.Tensor[[64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, -1, 16384, 0)]) -> pl.Tensor[[64, 64], pl.FP32]:
        return out_0
