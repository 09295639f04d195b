# The while loop under --async: the tile's event travels through both
# regions.
# pyptocc-flags: --async
import pypto.language as pl


@pl.program
class Halve:
    @pl.function(type=pl.FunctionType.InCore)
    def halve(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
              n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        t0 = pl.muls(t, 1.0)
        i0: pl.Scalar[pl.INT64] = 0
        for (i, acc) in pl.while_(init_values=(i0, t0)):
            pl.cond(i < n)
            acc2 = pl.muls(acc, 0.5)
            i_out, acc_out = pl.yield_(i + 1, acc2)
        r = pl.store(acc_out, [0, 0], [64, 64], out)
        return r
