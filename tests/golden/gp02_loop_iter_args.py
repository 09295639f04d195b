# GP2 of printer.md: an explicit iter_arg keeps its name; the return var is written.
@pl.program
class LoopSum:
    @pl.function
    def loop_sum(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        sum_init: pl.Scalar[pl.INT64] = 0
        for i, (s,) in pl.range(0, n, 1, init_values=(sum_init,)):
            s_next: pl.Scalar[pl.INT64] = s + i
            s_out = pl.yield_(s_next)
        return s_out
