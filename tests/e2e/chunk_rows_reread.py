# A kernel that loads rows of a tensor it then stores at other rows: u
# reads rows 0..127 of y before rows 64..191 are written.  ChunkRows (-O2)
# would load each chunk of u between the chunks' stores, and the second
# chunk would read what the first had stored: such a kernel stays in one
# piece (opt.test compares -O1 and -O2).  With e(x) = exp(-exp(-exp(x))):
# z = e(y[0:128]) of y's values before, y[64:192] = e(x), y[0:64] kept.
import pypto.language as pl


@pl.program
class ChunkRowsReread:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[128, 128], pl.FP32], y: pl.InOut[pl.Tensor[[192, 128], pl.FP32]],
          z: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        u = pl.load(y, [0, 0], [128, 128])
        t = pl.load(x, [0, 0], [128, 128])
        y1 = pl.store(pl.exp(pl.neg(pl.exp(pl.neg(pl.exp(t))))), [64, 0], [128, 128], y)
        return pl.store(pl.exp(pl.neg(pl.exp(pl.neg(pl.exp(u))))), [0, 0], [128, 128], z)
