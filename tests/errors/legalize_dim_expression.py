# pyptocc-flags: --emit=pto
# A kernel takes each symbolic dimension of its tensors as a parameter of
# its own; a dimension that is an expression (N // 64) has none, so
# Legalize reports it for every output (the printers refused it after a
# clean pipeline; found by fuzzing).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[N, 64], pl.FP32], g: pl.Tensor[[N // 64, 64], pl.FP32],
      out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    t = pl.load(g, [0, 0], [1, 64])
    u = pl.load(a, [0, 0], [64, 64])
    s = pl.row_expand_add(u, pl.reshape(t, [64, 1]))
    r = pl.store(u, [0, 0], [64, 64], out)
    return r
