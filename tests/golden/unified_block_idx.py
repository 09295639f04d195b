# pl.get_block_idx() is today's unified name of pl.tile.get_block_idx()
# (it has no tensor form, so no argument chooses between them).
import pypto.language as pl


@pl.program
class BlockIdx:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        i = pl.get_block_idx()
        t = pl.load(a, [i * 16, 0], [16, 64])
        r = pl.store(pl.exp(t), [i * 16, 0], out)
        return r
