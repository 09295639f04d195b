# pyptocc-flags: --passes=default
# The row product of a tensor (pl.row_prod on a pl.Tensor: tensor.row_prod,
# 05-reductions in today's catalog) and its product with x's rows, in a
# kernel of tensor ops whose rows are too long for UB: each row's product
# is taken in blocks of columns, the partial products multiplied (.merge).
import pypto.language as pl


@pl.jit
def row_prod(x: pl.Tensor[[16, 16384], pl.FP32], p: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
             z: pl.Out[pl.Tensor[[16, 16384], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="row_prod"):
        r = pl.row_prod(x)
        p[:, :] = r
        z[:, :] = pl.row_expand_mul(x, r)
    return p, z
