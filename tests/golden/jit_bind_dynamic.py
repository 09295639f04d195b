# x.bind_dynamic(axis, dim) makes a dimension of a parameter's annotation
# the dynamic dimension dim (pypto's specialisation hint): where the
# annotation has it already it says nothing, and it never reaches the IR.
import pypto.language as pl

T = pl.dynamic("T")


@pl.jit
def scale(x: pl.Tensor[[128, 64], pl.FP32], y: pl.Out[pl.Tensor[[T, 64], pl.FP32]]):
    """Both parameters end with a dynamic first dimension."""
    x.bind_dynamic(0, T)
    y.bind_dynamic(0, T)
    for i in pl.parallel(0, 128, 32):
        with pl.at(level=pl.Level.CORE_GROUP):
            y[i : i + 32, :] = pl.mul(x[i : i + 32, :], 2.0)
    return y


@pl.jit
def local_dim(a: pl.Tensor[[64, 32], pl.FP32], b: pl.Out[pl.Tensor[[64, 32], pl.FP32]]):
    M = pl.dynamic("M")
    a.bind_dynamic(0, M)
    b.bind_dynamic(0, M)
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.load(a, [0, 0], [64, 32])
        pl.store(t, [0, 0], b)
    return b
