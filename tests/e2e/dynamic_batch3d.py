# A kernel of block ops over a 3-D tensor whose first dimension, B, is
# known only at run time: the loop runs to pl.tensor.dim(x, 0), which in a
# kernel of block ops is the dimension the kernel takes as a parameter
# (not a tensor op to convert), and each batch is a [1, 16, 64] window,
# a 2-D tile after FlattenTileNdTo2D.  y[b] = exp(x[b]) - rowsum(x[b]).
import pypto.language as pl

B = pl.dynamic("B")


@pl.program
class DynamicBatch3d:
    @pl.function(type=pl.FunctionType.InCore)
    def dynamic_batch3d(
        self,
        x: pl.Tensor[[B, 16, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[B, 16, 64], pl.FP32]],
    ) -> pl.Tensor[[B, 16, 64], pl.FP32]:
        for b in pl.range(pl.tensor.dim(x, 0)):
            t = pl.load(x, [b, 0, 0], [1, 16, 64])
            tmp = pl.tile.create([1, 16, 64], dtype=pl.FP32)
            u = pl.tile.row_expand_sub(pl.tile.exp(t), pl.tile.row_sum(t, tmp))
            y = pl.store(u, [b, 0, 0], y)
        return y
