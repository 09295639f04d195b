# pyptocc-flags: --emit=pto
# A kernel takes each symbolic dimension of its tensors as a parameter of
# its own, reads a name from a dimension linear in it (B * 128), and
# computes any other expression of those names; M // 64 with no M, and
# K * K, it cannot, so Legalize reports them for every output (the
# printers refused them after a clean pipeline; found by fuzzing).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[N, 64], pl.FP32], g: pl.Tensor[[M // 64, 64], pl.FP32],
      h: pl.Tensor[[K * K, 64], pl.FP32], e: pl.Tensor[[N // 64, 64], pl.FP32],
      out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
    t = pl.load(g, [0, 0], [1, 64])
    u = pl.load(a, [0, 0], [64, 64])
    s = pl.row_expand_add(u, pl.reshape(t, [64, 1]))
    r = pl.store(u, [0, 0], [64, 64], out)
    return r
