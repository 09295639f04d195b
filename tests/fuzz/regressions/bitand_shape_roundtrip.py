# Found by fuzz_frontend: a shape written with '&' printed unevaluated and its
# reparse warned that the annotation did not match (fixed when shape constants
# were judged by value).
import pypto.language as pl


@pl.function
def f(t: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    v = pl.view(t, [64 & 64, 64], [0, 0])
    return v
