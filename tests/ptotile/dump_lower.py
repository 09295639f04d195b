# --dump-after=lower prints each kernel as lowered for seed 05 on standard
# error (dump_lower.stderr): values with their locations and producers,
# loads and stores with their windows, compute ops with their mnemonics,
# and what the loop carries.  The output is loop_async's.
# pyptocc-flags: --async --dump-after=lower
import pypto.language as pl


@pl.program
class Bands:
    @pl.function(type=pl.FunctionType.InCore)
    def bands(self, x: pl.Tensor[[256, 64], pl.FP32], first: pl.Tensor[[64, 64], pl.FP32],
              y: pl.Out[pl.Tensor[[256, 64], pl.FP32]], total: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
              scale: pl.Scalar[pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        f = pl.load(first, [0, 0], [64, 64])
        acc0 = pl.add(f, f)
        count0: pl.Scalar[pl.INT64] = 0
        for i, (acc, count, out) in pl.range(0, 4, 1, init_values=(acc0, count0, y)):
            band = pl.load(x, [i * 64, 0], [64, 64])
            scaled = pl.muls(band, scale)
            out_next = pl.store(scaled, [i * 64, 0], [64, 64], out)
            acc_next = pl.add(acc, band)
            acc_out, count_out, y_out = pl.yield_(acc_next, count + 1, out_next)
        mean = pl.muls(acc_out, 0.25)
        r = pl.store(mean, [0, 0], [64, 64], total)
        return r
