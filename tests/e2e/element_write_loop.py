# Element writes in nested loops and an if, into an output whose rows are
# 24 bytes (pypto-lib's DeepSeek V4 gate writes its top-k indices so): the
# loops write into the output's buffer in place, so nothing copies it
# back (a copy kernel of 6-element rows is not a legal tile on a2a3).
# dbl = 2 src is the kernel the conformance cells compile.
import pypto.language as pl

T = 8
K = 6


@pl.jit
def element_write_loop(src: pl.Tensor[[T, 8], pl.FP32], n: pl.Scalar[pl.INDEX],
                       out: pl.Out[pl.Tensor[[T, K], pl.FP32]], dbl: pl.Out[pl.Tensor[[T, 8], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        dbl[:, :] = pl.mul(src, 2.0)
    with pl.at(level=pl.Level.CORE_GROUP):
        for t in pl.range(T):
            if t < n:
                for k in pl.range(K):
                    pl.write(out, [t, k], pl.read(src, [t, k + 1]))
            else:
                for k in pl.range(K):
                    pl.write(out, [t, k], 0.0)
    return out, dbl
