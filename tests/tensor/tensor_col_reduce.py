# pyptocc-flags: --passes=default
# Column reductions on tensors (pl.col_max, pl.col_min, pl.col_sum) in a
# kernel of tensor ops too large for UB in one piece: it is done in blocks
# of columns that hold every row (blocks of rows would reduce each block
# apart), with exp(x - column max) beside them.
import pypto.language as pl


@pl.jit
def col_reduce(x: pl.Tensor[[512, 256], pl.FP32], y: pl.Out[pl.Tensor[[1, 256], pl.FP32]],
               z: pl.Out[pl.Tensor[[512, 256], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="col_reduce"):
        m = pl.col_max(x)
        y[:, :] = pl.add(pl.sub(m, pl.col_min(x)), pl.col_sum(x))
        z[:, :] = pl.col_expand_expdif(x, m)
    return y, z
