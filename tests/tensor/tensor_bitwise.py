# pyptocc-flags: --passes=default
# pl.and_, pl.tensor.or_ and pl.not_ on INT16 tensors (TAND, TOR, TNOT),
# and pl.and_ of two tiles, in a kernel of tensor ops.
import pypto.language as pl


@pl.jit
def bitwise(x: pl.Tensor[[32, 64], pl.INT16], m: pl.Tensor[[32, 64], pl.INT16], a: pl.Out[pl.Tensor[[32, 64], pl.INT16]],
            b: pl.Out[pl.Tensor[[32, 64], pl.INT16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="bitwise"):
        a[:, :] = pl.and_(x, m)
        b[:, :] = pl.not_(pl.tensor.or_(x, m))
    return a, b
