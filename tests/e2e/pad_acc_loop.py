# A [4] FP32 accumulator (16 bytes, held as [1, 8] valid in [1, 4]) summed
# over a loop of eight loads and stored.   y[j] = sum_i x[4 i + j] * 0.5.
import pypto.language as pl


@pl.program
class PadAccLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[32], pl.FP32],
               y: pl.Out[pl.Tensor[[4], pl.FP32]]) -> pl.Tensor[[4], pl.FP32]:
        acc: pl.Tile[[4], pl.FP32] = pl.tile.full([4], dtype=pl.FP32, value=0.0)
        for i in pl.range(8):
            part: pl.Tile[[4], pl.FP32] = pl.load(x, [i * 4], [4])
            acc = pl.add(acc, pl.muls(part, 0.5))
        return pl.store(acc, [0], y)
