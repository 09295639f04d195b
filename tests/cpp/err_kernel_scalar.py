# pyptocc-flags: --emit=cpp
# A scalar a kernel returns has no value in the C++ orchestration (a
# kernel hands its results back in tensors, and PTO's kernel returns
# nothing for it): a use of it there is a located error.  Here `m`, which
# the first kernel clamps, bounds the orchestration's loop.
import pypto.language as pl


@pl.jit
def kernel_scalar_use(x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INT32],
                      y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="first"):
        m = pl.cast(n, pl.INDEX)
        if m > 16:
            m = pl.cast(16, pl.INDEX)
        y[:, :] = pl.add(x, 1.0)
    for r in pl.range(m):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="second"):
            y[r : r + 1, :] = pl.add(y[r : r + 1, :], 1.0)
    return y
