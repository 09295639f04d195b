# pyptocc-flags: --passes=convert_to_ssa
# Two loops that both carry an explicit (acc,): the first keeps the names
# as written (passes.md 5.1); the second is versioned so that every name
# in the function stays unique (pyptocc).
import pypto.language as pl


@pl.function
def twice(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    acc: pl.Scalar[pl.INT64] = 0
    for i, (acc,) in pl.range(n, init_values=(acc,)):
        acc = pl.yield_(acc + i)
    for j, (acc,) in pl.range(n, init_values=(acc,)):
        acc = pl.yield_(acc * 2)
    return acc
