# pyptocc-flags: --passes=convert_to_ssa
# GP2 through ConvertToSSA: the explicit iter_arg s and its return variable
# s_out keep their names; everything else is versioned.
import pypto.language as pl


@pl.program
class LoopSum:
    @pl.function
    def loop_sum(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        sum_init: pl.Scalar[pl.INT64] = 0
        for i, (s,) in pl.range(0, n, 1, init_values=(sum_init,)):
            s_next: pl.Scalar[pl.INT64] = s + i
            s_out = pl.yield_(s_next)
        return s_out
