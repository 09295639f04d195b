# pyptocc-flags: -O2 -Wpipelining
# -Wpipelining: why a straight-line kernel stays in one piece at -O2 (the
# warning points at its 'def').  ChunkRows would cut each into row chunks
# but for:
#  small: 32 rows of 64 FP32 move in one go faster than in chunks, each
#   of which pays the transfers' start-up again;
#  columns: a column reduction sums across rows (its [1, N] result then
#   broadcast over them);
#  reread: it loads from the tensor it stores.
# A kernel without a load or a store is no candidate and gets no warning.
import pypto.language as pl


@pl.program
class WarnChunks:
    @pl.function(type=pl.FunctionType.InCore)
    def small(self, x: pl.Tensor[[32, 64], pl.FP32],
              y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        return pl.store(pl.relu(t), [0, 0], [32, 64], y)

    @pl.function(type=pl.FunctionType.InCore)
    def columns(self, x: pl.Tensor[[64, 64], pl.FP32],
                y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        return pl.store(pl.col_expand_sub(t, pl.col_sum(pl.exp(t))), [0, 0], [64, 64], y)

    @pl.function(type=pl.FunctionType.InCore)
    def reread(self, x: pl.Tensor[[64, 128], pl.FP32],
               y: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 128])
        y1 = pl.store(pl.exp(t), [0, 0], [64, 128], y)
        u = pl.load(y1, [0, 0], [64, 128])
        return pl.store(pl.exp(u), [0, 0], [64, 128], y1)

    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.tile.full([64, 64], dtype=pl.FP32, value=1.0)
        return pl.store(t, [0, 0], [64, 64], y)
