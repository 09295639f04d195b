# pyptocc-flags: --emit=pto
# An element read of a tensor the kernel computes is the element of its
# tile (TGETVAL), which needs the whole tile: a kernel too large for UB
# cannot then be done in blocks of rows (nor of columns), and says so at
# the read.  (Reads of its parameters, in global memory, go with blocks.)
import pypto.language as pl


@pl.jit
def big(x: pl.Tensor[[1024, 256], pl.FP32], y: pl.Out[pl.Tensor[[1024, 256], pl.FP32]], s: pl.Out[pl.Tensor[[1, 4], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.add(x, 1.0)
        v = pl.read(t, [5, 3])
        s = pl.write(s, [0, 0], v)
        y[:, :] = t
    return y, s
