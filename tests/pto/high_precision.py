# tile.div, tile.log and tile.recip with high_precision=True: the
# precisionType attribute after outs(...), which PTOAS turns into the
# instructions' HIGH_PRECISION template arguments.
import pypto.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def precise(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 16])
        y = pl.load(b, [0, 0], [16, 16])
        d = pl.tile.div(x, y, high_precision=True)
        l = pl.tile.log(d, high_precision=True)
        r = pl.tile.recip(l, high_precision=True)
        return pl.store(r, [0, 0], out)
