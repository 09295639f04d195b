# A batched multiply with batches above 1 and broadcasting (lhs batch
# [2, 1], rhs batch [1, 3], result [2, 3]): FlattenTileNdTo2D makes it a
# 2-D multiply and a store per batch, each operand's batch a block of
# whole rows of its 2-D form (flatten_batches.c).
import pypto.language as pl

M = 16
K = 32
N = 32


@pl.program
class BatchMatmulBcast:
    @pl.function(type=pl.FunctionType.InCore)
    def batch_matmul_bcast(
        self,
        a: pl.Tensor[[2, 1, M, K], pl.FP16],
        b: pl.Tensor[[1, 3, K, N], pl.FP16],
        out: pl.Out[pl.Tensor[[2, 3, M, N], pl.FP32]],
    ) -> pl.Tensor[[2, 3, M, N], pl.FP32]:
        ta = pl.load(a, [0, 0, 0, 0], [2, 1, M, K], target_memory=pl.MemorySpace.Mat)
        tb = pl.load(b, [0, 0, 0, 0], [1, 3, K, N], target_memory=pl.MemorySpace.Mat)
        c = pl.tile.batch_matmul(ta, tb)
        return pl.store(c, [0, 0, 0, 0], out)
