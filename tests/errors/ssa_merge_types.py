# pyptocc-flags: --emit=pto
# ConvertToSSA: a name that an if or a loop gives one variable must keep
# its type.  An annotation that its value does not match is only a warning
# (-Wannotation; the value's type wins), so the branches of an if, or a
# loop body and the value before the loop, can give a name two types:
# reported at the definition that differs (before: Verify's message about
# the yield the pass wrote, and an internal error after convert_to_ssa with
# --enable-debug-passes; tests/fuzz/regressions/if_merge_annotated_types).
import pypto.language as pl


@pl.program
class Merge:
    @pl.function(type=pl.FunctionType.InCore)
    def branch(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        if n > 2:
            t = pl.load(a, [0, 0], [64, 64])
            k: pl.Scalar[pl.FP32] = 1.5
        else:
            t = pl.load(a, [0, 0], [32, 64])
            k: pl.Scalar[pl.FP32] = 310
        total: pl.Scalar[pl.FP32] = 0.0
        for i in pl.range(4):
            total: pl.Scalar[pl.FP32] = i
        o = pl.store(pl.adds(t, k + total), [0, 0], [64, 64], out)
        return o
