# A loop: four 64-row bands of a 256x64 tensor, each loaded through a
# subview, scaled and stored; a running sum of the bands is carried as a
# tile, a band count as a scalar, and the output tensor stays the memref
# it is (scf.for carries no memref).
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
