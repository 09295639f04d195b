# Shape and offset elements written as constant arithmetic of any kind
# fold to their value in the types (issue 18: `2 ** 6` used to stay
# symbolic and fail later as "its shape is not constant").
import pypto.language as pl

HALF = 32


@pl.program
class Shapes:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a = pl.block.load(x, [0, 0], [2 ** 5, 1 << 6])
        b = pl.block.load(x, [HALF, ~-1], [HALF | 0, ~-65])
        c = pl.block.add(a, b)
        d = pl.block.create_tile([HALF * 2 // 2, 64 >> 0], dtype=pl.FP32)
        e = pl.block.add(c, d)
        r = pl.block.store(e, [HALF ^ HALF, 0], [32, 2 ** 6], out)
        return r
