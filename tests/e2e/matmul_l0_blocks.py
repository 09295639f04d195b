# Matrix products of Mat tiles larger than L0 (AutoTileMatmulL0): b1 is
# [512, 64] FP32, 128 KiB, twice L0B, so r1's product runs over blocks of
# K, accumulating onto the small product x @ y; r2's [256, 256] FP32
# product is twice L0C, so it is computed and stored as a grid of blocks.
import pypto.language as pl


@pl.program
class MatmulL0Blocks:
    @pl.function(type=pl.FunctionType.InCore)
    def products(
        self,
        x: pl.Tensor[[16, 32], pl.FP32],
        y: pl.Tensor[[32, 64], pl.FP32],
        a1: pl.Tensor[[16, 512], pl.FP32],
        b1: pl.Tensor[[512, 64], pl.FP32],
        a2: pl.Tensor[[256, 32], pl.FP32],
        b2: pl.Tensor[[32, 256], pl.FP32],
        r1: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        r2: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[256, 256], pl.FP32]]:
        x_mat = pl.load(x, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        y_mat = pl.load(y, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        a1_mat = pl.load(a1, [0, 0], [16, 512], target_memory=pl.Mem.Mat)
        b1_mat = pl.load(b1, [0, 0], [512, 64], target_memory=pl.Mem.Mat)
        xy = pl.tile.matmul(x_mat, y_mat)
        s1 = pl.tile.matmul_acc(xy, a1_mat, b1_mat)
        r1 = pl.store(s1, [0, 0], r1)
        a2_mat = pl.load(a2, [0, 0], [256, 32], target_memory=pl.Mem.Mat)
        b2_mat = pl.load(b2, [0, 0], [32, 256], target_memory=pl.Mem.Mat)
        s2 = pl.tile.matmul(a2_mat, b2_mat)
        r2 = pl.store(s2, [0, 0], r2)
        return r1, r2
