# Load and store offsets: a [16, 32] window of a [64, 96] tensor at a row
# offset from a scalar parameter and a constant column offset; [16, 1]
# blocks of a [64, 1] column vector (DN) at loop offsets, broadcast over
# rows; a 1-D tensor read in two halves and written reversed by halves.
import pypto.language as pl


@pl.program
class Offsets:
    @pl.function(type=pl.FunctionType.InCore)
    def offsets(
        self,
        x: pl.Tensor[[64, 96], pl.FP32],
        col: pl.Tensor[[64, 1], pl.FP32],
        v: pl.Tensor[[128], pl.FP32],
        k: pl.Scalar[pl.INT64],
        win: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
        y: pl.Out[pl.Tensor[[64, 96], pl.FP32]],
        colx2: pl.Out[pl.Tensor[[64, 1], pl.FP32]],
        vr: pl.Out[pl.Tensor[[128], pl.FP32]],
    ) -> pl.Tensor[[64, 96], pl.FP32]:
        w = pl.load(x, [k * 16 + 3, 40], [16, 32])
        s1 = pl.store(w, [16, 32], [16, 32], win)
        s0 = pl.store(pl.neg(w), [0, 0], [16, 32], win)
        s2 = pl.store(pl.muls(w, 0.0), [0, 32], [16, 32], win)
        s3 = pl.store(pl.adds(w, 1.0), [16, 0], [16, 32], win)
        for i, (acc, cacc) in pl.range(0, 64, 16, init_values=(y, colx2)):
            c = pl.load(col, [i, 0], [16, 1])
            t = pl.load(x, [i, 0], [16, 96])
            e = pl.row_expand_mul(t, c)
            st = pl.store(e, [i, 0], [16, 96], acc)
            sc = pl.store(pl.muls(c, 2.0), [i, 0], [16, 1], cacc)
            acc, cacc = pl.yield_(st, sc)
        lo = pl.load(v, [0], [64])
        hi = pl.load(v, [64], [64])
        r1 = pl.store(hi, [0], [64], vr)
        r2 = pl.store(lo, [64], [64], vr)
        return acc
