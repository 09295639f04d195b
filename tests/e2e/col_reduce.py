# Column reductions and their broadcasts on a 32x64 tensor: the column mean
# (sum along axis 0, times 1/32), x centred by it (col_expand_sub), each
# column of the centred x divided by 1 + its largest magnitude (max along
# axis -2 of abs, adds, col_expand_div), and the column minimum of x.
import pypto.language as pl

R = 32
C = 64


@pl.program
class ColReduce:
    @pl.function(type=pl.FunctionType.InCore)
    def col_reduce(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        mean: pl.Out[pl.Tensor[[1, C], pl.FP32]],
        y: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        cmin: pl.Out[pl.Tensor[[1, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        t = pl.load(x, [0, 0], [R, C])
        mu = pl.muls(pl.sum(t, axis=0, keepdim=True), 1.0 / R)
        xc = pl.col_expand_sub(t, mu)
        big = pl.adds(pl.max(pl.abs(xc), axis=-2, keepdim=True), 1.0)
        r1 = pl.store(mu, [0, 0], [1, C], mean)
        r2 = pl.store(pl.col_expand_div(xc, big), [0, 0], [R, C], y)
        r3 = pl.store(pl.min(t, axis=0, keepdim=True), [0, 0], [1, C], cmin)
        return r2
