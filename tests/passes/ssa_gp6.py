# pyptocc-flags: --passes=convert_to_ssa
# GP6 of printer.md through ConvertToSSA (passes.md 5.1): x_iter_1 and x_2
# are taken before the loop body defines x_3; the phi x_5 follows x_4.
import pypto.language as pl


@pl.program
class A:
    @pl.function
    def acc(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        x: pl.Scalar[pl.INT64] = 1
        for i in pl.range(0, 10, 1):
            x = x + i
        if n > 5:
            x = x * 2
        return x
