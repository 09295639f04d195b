# Two stores of one tensor whose rows overlap: the second writes rows
# 64..191 over the first's 0..127, so rows 64..127 end with its values.
# ChunkRows (-O2) interleaves the stores of a tensor chunk by chunk, which
# would let the first store's later chunks overwrite the second's: such a
# kernel stays in one piece (opt.test compares -O1 and -O2).
# With e(x) = exp(-exp(-exp(x))): y[0:64] = e(x[0:64]), y[64:192] = 2 e(x).
import pypto.language as pl


@pl.program
class ChunkRowsOverlap:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[128, 128], pl.FP32],
          y: pl.Out[pl.Tensor[[192, 128], pl.FP32]]) -> pl.Tensor[[192, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [128, 128])
        u = pl.exp(pl.neg(pl.exp(pl.neg(pl.exp(t)))))
        y1 = pl.store(u, [0, 0], [128, 128], y)
        y2 = pl.store(pl.add(u, u), [64, 0], [128, 128], y1)
        return y2
