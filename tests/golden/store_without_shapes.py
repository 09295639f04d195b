# The April-2026 store spelling pl.store(tile, offsets, output) takes the
# tile's shape; it prints in the seed's four-argument form.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[32, 64], pl.FP32], c: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
    t = pl.load(a, [0, 0], [32, 64])
    u = pl.exp(t)
    out = pl.store(u, [0, 0], c)
    return out
