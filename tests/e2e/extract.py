# pl.tile.extract (today's catalog; TEXTRACT): windows of a Vec tile
# copied into Vec tiles, at constant corners and at a loop's, and the
# operands of a matmul taken out of Mat tiles into Left and Right (rows
# 16..31 of a, columns 16..31 of b).
#   y = x[8:24, 16:48];  w[r] = x[16 i + r] * (i + 1) for the halves i;
#   c = a[16:32, :] @ b[:, 16:32].
import pypto.language as pl


@pl.program
class Extract:
    @pl.function(type=pl.FunctionType.InCore)
    def windows(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
                w: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        mid: pl.Tile[[16, 32], pl.FP32] = pl.tile.extract(t, 8, 16, [16, 32], target_memory=pl.MemorySpace.Vec)
        y = pl.store(mid, [0, 0], y)
        for i in pl.range(2):
            half = pl.tile.extract(t, i * 16, 0, shape=[16, 64], target_memory=pl.MemorySpace.Vec)
            w = pl.store(pl.muls(half, pl.cast(i + 1, pl.FP32)), [i * 16, 0], w)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def operands(self, a: pl.Tensor[[32, 64], pl.FP16], b: pl.Tensor[[64, 32], pl.FP16],
                 c: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        am = pl.load(a, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat)
        lhs = pl.tile.extract(am, 16, 0, [16, 64], target_memory=pl.MemorySpace.Left)
        rhs = pl.tile.extract(bm, 0, 16, [64, 16], target_memory=pl.MemorySpace.Right)
        return pl.l0c_store(pl.matmul(lhs, rhs), [0, 0], [16, 16], c)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], a: pl.Tensor[[32, 64], pl.FP16], b: pl.Tensor[[64, 32], pl.FP16],
             y: pl.Out[pl.Tensor[[16, 32], pl.FP32]], w: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             c: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        y = self.windows(x, y, w)
        c = self.operands(a, b, c)
        return c
