# tile.batch_matmul and tile.batch_matmul_acc with a batch of 1 (a [1, N, K]
# expert's weights, as pypto's FlattenTileNdTo2D tests take them): each is
# the 2-D multiply of its flattened tiles.  The right operand is a
# transposed view of a 3-D Mat tile; the accumulating product's lhs is a
# 2-D tile, broadcast over the batch.  out = x[0] @ w[0].T + v @ w[0].T.
import pypto.language as pl


@pl.program
class BatchMatmul1:
    @pl.function(type=pl.FunctionType.InCore)
    def batch_matmul1(
        self,
        x: pl.Tensor[[1, 16, 64], pl.FP16],
        v: pl.Tensor[[16, 64], pl.FP16],
        w: pl.Tensor[[1, 32, 64], pl.FP16],
        out: pl.Out[pl.Tensor[[1, 16, 32], pl.FP32]],
    ) -> pl.Tensor[[1, 16, 32], pl.FP32]:
        x_mat = pl.load(x, [0, 0, 0], [1, 16, 64], target_memory=pl.Mem.Mat)
        v_mat = pl.load(v, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        w_mat = pl.load(w, [0, 0, 0], [1, 32, 64], target_memory=pl.Mem.Mat)
        w_t = pl.tile.transpose_view(w_mat)
        acc = pl.tile.batch_matmul(x_mat, w_t)
        w_mat_1 = pl.load(w, [0, 0, 0], [1, 32, 64], target_memory=pl.Mem.Mat)
        acc = pl.tile.batch_matmul_acc(acc, v_mat, pl.tile.transpose_view(w_mat_1))
        out = pl.store(acc, [0, 0, 0], out)
        return out
