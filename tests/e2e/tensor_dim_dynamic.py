# pl.tensor.dim of a run-time dimension inside a kernel of tensor ops:
# the kernel has the dimension as a parameter (its tensors' shapes give
# it), so the dim is that parameter.  The rows past the last full block
# are done as a partly valid block, their count computed from the dim.
# y = x + 1 over every row of a [T, 64] tensor.
import pypto.language as pl

T = pl.dynamic("T")


@pl.jit
def tensor_dim_dynamic(x: pl.Tensor[[T, 64], pl.FP32], y: pl.Out[pl.Tensor[[T, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="rows"):
        for r in pl.range(0, pl.tensor.dim(x, 0), 16):
            n = pl.min(16, pl.tensor.dim(x, 0) - r)
            t = pl.slice(x, [16, 64], [r, 0], valid_shape=[n, 64])
            y = pl.assemble(y, pl.add(t, 1.0), [r, 0])
    return y
