# The side buffers' tiles: a Bias tile is one row of FP32 or INT32 in
# whole 64-byte units, a scale tile FP8E8M0, and only pl.move fills them;
# a biased matmul adds a bias of the accumulator's type, and the MX
# matmuls take FP8E4M3FN data.
import pypto.language as pl


@pl.program
class SideBufferTypes:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 32], pl.FP16],
        two: pl.Tensor[[2, 32], pl.FP32],
        half: pl.Tensor[[1, 32], pl.FP16],
        short: pl.Tensor[[1, 8], pl.FP32],
        s: pl.Tensor[[16, 2], pl.UINT8],
        out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        a_l = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        b_r = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        t2 = pl.move(pl.load(two, [0, 0], [2, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        h = pl.load(half, [0, 0], [1, 32], target_memory=pl.Mem.Mat)
        th = pl.move(h, target_memory=pl.Mem.Bias)
        ts = pl.move(pl.load(short, [0, 0], [1, 8], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        sc = pl.move(pl.load(s, [0, 0], [16, 2], target_memory=pl.Mem.Mat), target_memory=pl.Mem.LeftScale)
        made = pl.tile.create([1, 32], dtype=pl.FP32, target_memory=pl.Mem.Bias)
        c = pl.matmul_bias(a_l, b_r, h)
        m = pl.matmul_mx(a_l, a_l, b_r, b_r)
        out = pl.store(c, [0, 0], out)
        return out
