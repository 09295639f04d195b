# pyptocc-flags: --passes=convert_to_ssa
# Parameters used as symbolic dimensions: after renaming, the types refer
# to the new parameter versions.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def f(n: pl.Scalar[pl.INT64], t: pl.Tensor[[n, 64], pl.FP32]) -> pl.Tensor[[n, 64], pl.FP32]:
    half = n // 2
    v = pl.view(t, [half, 64], [0, 0])
    return t
