# pl.set_validshape on tensors: 2-D, integer extents, positive and within
# the shape when constant.
import pypto.language as pl


@pl.jit
def bad(a: pl.Tensor[[16, 32], pl.FP32], c: pl.Tensor[[2, 16, 32], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        v1 = pl.set_validshape(a, 17, 8)
        v2 = pl.tensor.set_validshape(a, 8, 0)
        v3 = pl.set_validshape(a, 8, 2.5)
        v4 = pl.set_validshape(c, 8, 8)
        y[:, :] = pl.fillpad(a)
    return y
