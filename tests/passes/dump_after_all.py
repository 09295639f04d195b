# pyptocc-flags: --passes=default --dump-after=all
# --dump-after=all prints the IR after every pass on standard error
# (dump_after_all.stderr); the result goes to standard output.
import pypto.language as pl


@pl.function
def f(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
    k = 2 * 3
    unused = k + 1
    with pl.incore():
        t = pl.load(a, [0, 0], [16, 16])
        out = pl.store(pl.muls(pl.exp(t), k), [0, 0], [16, 16], out)
    return out
