# Element types: compare masks are 8-bit (ops.md 5.2), tile-scalar ops keep
# the tile's element type, select masks are 8-bit, INT4 has no seed-05
# type.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Dtypes:
    @pl.function(type=pl.FunctionType.InCore)
    def dtypes(self, a: pl.Tensor[[32, 32], pl.FP32], k: pl.Tensor[[32, 32], pl.INT32],
               out: pl.Out[pl.Tensor[[32, 32], pl.FP32]], outi: pl.Out[pl.Tensor[[32, 32], pl.INT64]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [32, 32])
        m = pl.cmp(t, t, cmp_type=0)
        ti = pl.load(k, [0, 0], [32, 32])
        p = pl.adds(ti, 5)
        s = pl.block.sel(t, t, t)
        r = pl.store(m, [0, 0], [32, 32], out)
        r2 = pl.store(s, [0, 0], [32, 32], r)
        ri = pl.store(p, [0, 0], [32, 32], outi)
        return r2
