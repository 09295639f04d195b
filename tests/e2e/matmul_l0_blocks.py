# AutoTileMatmulL0 blocks of K of a right operand that is the transposed
# view of a Mat tile (b_trans) too large for L0B: [512, 128] of BF16 is
# 128 KiB; its blocks are extracted from the view.  And, beside it, a
# product in a pl.pipeline(stage=2) loop.
import pypto.language as pl


@pl.program
class MatmulL0Blocks:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul_l0_blocks(
        self,
        q: pl.Tensor[[32, 512], pl.BF16],
        kv: pl.Tensor[[128, 512], pl.BF16],
        x: pl.Tensor[[64, 256], pl.BF16],
        w: pl.Tensor[[256, 128], pl.BF16],
        s: pl.Out[pl.Tensor[[32, 128], pl.FP32]],
        y: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[32, 128], pl.FP32]:
        qm = pl.load(q, [0, 0], [32, 512], target_memory=pl.MemorySpace.Mat)
        km = pl.load(kv, [0, 0], [128, 512], target_memory=pl.MemorySpace.Mat)
        scores = pl.matmul(qm, pl.tile.transpose_view(km))
        r1 = pl.store(scores, [0, 0], s)
        wm = pl.load(w, [0, 0], [256, 128], target_memory=pl.MemorySpace.Mat)
        for i in pl.pipeline(2, stage=2):
            xm = pl.load(x, [i * 32, 0], [32, 256], target_memory=pl.MemorySpace.Mat)
            yi = pl.matmul(xm, wm)
            y = pl.store(yi, [i * 32, 0], y)
        return r1
