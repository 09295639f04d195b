# A store of a tile of fewer dimensions than the tensor (pypto's
# tile.store: pl.store(row, [b, i, 0], out) with a 2-D row and a 3-D out):
# the tile fills the trailing dimensions, the leading sizes 1.
# out[b, i, :] = x[i, :] * (b + 1).
import pypto.language as pl


@pl.program
class StoreLowerRank:
    @pl.function(type=pl.FunctionType.InCore)
    def spread(self, x: pl.Tensor[[4, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 4, 64], pl.FP32]]) -> pl.Tensor[[2, 4, 64], pl.FP32]:
        for b in pl.range(2):
            for i in pl.range(4):
                row = pl.load(x, [i, 0], [1, 64])
                scale = pl.cast(b + 1, pl.FP32)
                out = pl.store(pl.muls(row, scale), [b, i, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 64], pl.FP32], out: pl.Out[pl.Tensor[[2, 4, 64], pl.FP32]]) -> pl.Tensor[[2, 4, 64], pl.FP32]:
        out = self.spread(x, out)
        return out
