# max(x, v) and min(x, v) with a broadcast vector: tile.row_expand_max/min
# ([M, 1]) and tile.col_expand_max/min ([1, N]) in FP32, INT32 and FP16
# (TROWEXPANDMAX, TROWEXPANDMIN, TCOLEXPANDMAX, TCOLEXPANDMIN), and the
# tensor forms pl.row_expand_max / pl.col_expand_min.
import pypto.language as pl

R = 16


@pl.program
class ExpandMaxMin:
    @pl.function(type=pl.FunctionType.InCore)
    def expand_max_min(
        self,
        s: pl.Tensor[[R, 64], pl.FP32],
        rv: pl.Tensor[[R, 1], pl.FP32],
        k: pl.Tensor[[R, 32], pl.INT32],
        cv: pl.Tensor[[1, 32], pl.INT32],
        h: pl.Tensor[[R, 32], pl.FP16],
        hv: pl.Tensor[[1, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[R, 64], pl.FP32]],
        z: pl.Out[pl.Tensor[[R, 32], pl.INT32]],
        w: pl.Out[pl.Tensor[[R, 32], pl.FP16]],
    ) -> tuple[pl.Tensor[[R, 64], pl.FP32], pl.Tensor[[R, 32], pl.INT32], pl.Tensor[[R, 32], pl.FP16]]:
        t = pl.load(s, [0, 0], [R, 64])
        v = pl.load(rv, [0, 0], [R, 1])
        hi = pl.row_expand_max(t, v)
        lo = pl.tile.row_expand_min(hi, pl.muls(v, 2.0))
        s1 = pl.store(lo, [0, 0], y)
        u = pl.load(k, [0, 0], [R, 32])
        c = pl.load(cv, [0, 0], [1, 32])
        m = pl.tile.col_expand_max(u, c)
        s2 = pl.store(m, [0, 0], z)
        g = pl.load(h, [0, 0], [R, 32])
        gv = pl.load(hv, [0, 0], [1, 32])
        n = pl.col_expand_min(g, gv)
        s3 = pl.store(n, [0, 0], w)
        return s1, s2, s3

