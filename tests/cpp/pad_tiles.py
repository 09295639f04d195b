# Narrow tiles in C++: a Tile whose rows are not whole 32-byte blocks is
# declared with its rows padded to the next block (a [16, 2] FP32 tile as
# Tile<Vec, float, 16, 8, RowMajor, 16, 2, ...>, a [4] accumulator as
# 1 x 8 valid 1 x 4, an [8, 12] tile as 8 x 16 valid 8 x 12, a loaded
# [5, 1] column vector as 8 x 1 valid 5 x 1), valid in its own shape; the
# transpose's scratch takes the larger of source and result, and the
# planned addresses the padded sizes.
import pypto.language as pl


@pl.program
class PadTiles:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 2], pl.FP32], v: pl.Tensor[[8, 12], pl.FP32], k: pl.Tensor[[5, 1], pl.FP32],
               y: pl.Out[pl.Tensor[[2, 16], pl.FP32]], a: pl.Out[pl.Tensor[[4], pl.FP32]],
               m: pl.Out[pl.Tensor[[8, 1], pl.FP32]], n: pl.Out[pl.Tensor[[5, 1], pl.FP32]]) -> pl.Tensor[[2, 16], pl.FP32]:
        t: pl.Tile[[16, 2], pl.FP32] = pl.load(x, [0, 0], [16, 2])
        u: pl.Tile[[2, 16], pl.FP32] = pl.transpose(t, axis1=0, axis2=1)
        acc: pl.Tile[[4], pl.FP32] = pl.tile.full([4], dtype=pl.FP32, value=1.0)
        a = pl.store(acc, [0], a)
        w: pl.Tile[[8, 12], pl.FP32] = pl.load(v, [0, 0], [8, 12])
        tmp = pl.create_tile([8, 12], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        r = pl.row_max(w, tmp)
        m = pl.store(r, [0, 0], m)
        col: pl.Tile[[5, 1], pl.FP32] = pl.load(k, [0, 0], [5, 1])
        n = pl.store(pl.muls(col, 2.0), [0, 0], n)
        return pl.store(u, [0, 0], y)
