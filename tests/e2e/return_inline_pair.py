# An entry that returns an inline function's call, which returns two
# tensors (pypto-lib's lookup_embedding): the entry returns those two.
# The inline writes them row by row in an spmd loop of run-time length,
# in place (the kernel gives back its arguments' buffers), so the loop
# gives back the parameters' own buffers and no copy kernel is needed.
# y[r] = table[ids[r] + 8]; z[r] = 2 * table[ids[r] + 8] (ids from -8, as the
# runtime fills INT64 inputs it is not given: run by itself, in tests/opt).
import pypto.language as pl

T = pl.dynamic("T")
V = pl.dynamic("V")


@pl.jit.inline
def gather_rows(
    ids: pl.Tensor[[T], pl.INT64],
    table: pl.Tensor[[V, 64], pl.FP32],
    y: pl.Tensor[[T, 64], pl.FP32],
    z: pl.Tensor[[T, 64], pl.FP32],
):
    n = pl.tensor.dim(ids, 0)
    for b in pl.spmd(4, name_hint="rows"):
        for r in pl.range(b, n, 4):
            tid = pl.tensor.read(ids, [r])
            row_id = pl.cast(tid, target_type=pl.INDEX) + 8
            row = table[row_id : row_id + 1, :]
            y[r : r + 1, :] = row
            z[r : r + 1, :] = pl.mul(row, 2.0)
    return y, z


@pl.jit
def return_inline_pair(
    ids: pl.Tensor[[T], pl.INT64],
    table: pl.Tensor[[V, 64], pl.FP32],
    y: pl.Out[pl.Tensor[[T, 64], pl.FP32]],
    z: pl.Out[pl.Tensor[[T, 64], pl.FP32]],
):
    return gather_rows(ids, table, y, z)
