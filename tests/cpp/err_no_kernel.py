# pyptocc-flags: --emit=cpp --no-passes
# Neither a kernel nor an Orchestration function: nothing to emit.  (An
# Opaque function with tensor ops is not a kernel, passes.md 2.)
import pypto.language as pl


@pl.function
def twice(a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    b = pl.add(a, a)
    return b
