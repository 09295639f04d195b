# GP3 of printer.md: a standalone function; the return variable is named sum_out.
@pl.function
def loop_sum(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    sum_init: pl.Scalar[pl.INT64] = 0
    for i, (sum,) in pl.range(0, n, 1, init_values=(sum_init,)):
        sum = pl.yield_(sum + i)
    return sum
