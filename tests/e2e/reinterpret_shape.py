# tile.reinterpret_view with shape=: a [16, 16] FP32 tile's bytes as a
# [8, 64] INT16 tile (row-major bytes kept, no data moves), stored.
import pypto.language as pl


@pl.program
class ReinterpretShape:
    @pl.function(type=pl.FunctionType.InCore)
    def halves(self, a: pl.Tensor[[16, 16], pl.FP32],
               out: pl.Out[pl.Tensor[[8, 64], pl.INT16]]) -> pl.Tensor[[8, 64], pl.INT16]:
        x = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        bits = pl.tile.reinterpret_view(x, dtype=pl.INT16, shape=[8, 64])
        return pl.store(bits, [0, 0], out)
