# A tensor slice of a value computed on the core, with a valid shape
# narrower than the slice (pl.slice(..., valid_shape=)), assigned to a
# window of that narrower width: only the valid columns are stored.  The
# 8-column tile keeps 32-byte rows, as PTOAS needs; the output has 4
# columns.  post[r, c] = 2 * x[r, c] for c < 4.
import pypto.language as pl


@pl.jit
def slice_valid_store(x: pl.Tensor[[16, 8], pl.FP32], post: pl.Out[pl.Tensor[[16, 4], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="narrow"):
        for t0 in pl.range(0, 16, 8):
            p = pl.mul(x[t0 : t0 + 8, :], 2.0)
            post[t0 : t0 + 8, 0:4] = pl.slice(p, [8, 8], [0, 0], valid_shape=[8, 4])
    return post
