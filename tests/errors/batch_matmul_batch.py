# pyptocc-flags: --emit=pto
# tile.batch_matmul and batch_matmul_acc are lowered where every batch
# extent is 1 (the 2-D multiply of the flattened tiles), and a batch_matmul
# of a larger batch where a store writes its result whole (a multiply and
# a store per batch); a batch of 2 accumulated into is a located error.
import pypto.language as pl


@pl.program
class BatchMatmulBatch:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[2, 16, 64], pl.FP16],
        w: pl.Tensor[[2, 64, 32], pl.FP16],
        out: pl.Out[pl.Tensor[[2, 16, 32], pl.FP32]],
    ) -> pl.Tensor[[2, 16, 32], pl.FP32]:
        x_mat = pl.load(x, [0, 0, 0], [2, 16, 64], target_memory=pl.Mem.Mat)
        w_mat = pl.load(w, [0, 0, 0], [2, 64, 32], target_memory=pl.Mem.Mat)
        acc = pl.tile.batch_matmul(x_mat, w_mat)
        acc2 = pl.tile.batch_matmul_acc(acc, x_mat, w_mat)
        out = pl.store(acc2, [0, 0, 0], out)
        return out
