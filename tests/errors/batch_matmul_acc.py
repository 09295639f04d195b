# tile.batch_matmul_acc accumulates in place: lhs's and rhs's batch
# dimensions broadcast to the accumulator's, which is not broadcast; M, N
# and K agree.
import pypto.language as pl


@pl.program
class BatchMatmulAcc:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[2, 16, 64], pl.FP16],
        w: pl.Tensor[[2, 64, 32], pl.FP16],
        out: pl.Out[pl.Tensor[[2, 16, 32], pl.FP32]],
    ) -> pl.Tensor[[2, 16, 32], pl.FP32]:
        x_mat = pl.load(x, [0, 0, 0], [2, 16, 64], target_memory=pl.Mem.Mat)
        w_mat = pl.load(w, [0, 0, 0], [2, 64, 32], target_memory=pl.Mem.Mat)
        a = pl.tile.batch_matmul_acc(pl.tile.create([3, 16, 32], dtype=pl.FP32, target_memory=pl.Mem.Acc), x_mat, w_mat)
        b = pl.tile.batch_matmul_acc(pl.tile.create([16, 32], dtype=pl.FP32, target_memory=pl.Mem.Acc), x_mat, w_mat)
        c = pl.tile.batch_matmul_acc(pl.tile.create([2, 8, 32], dtype=pl.FP32, target_memory=pl.Mem.Acc), x_mat, w_mat)
        out = pl.store(a, [0, 0, 0], out)
        return out
