# pypto.program: Header
# The header comment names a program whose functions are the file's
# top-level functions (seed 01 "Module Structure"); undecorated defs count.
import pypto.language as pl


def loop_sum(n: pl.INT64) -> pl.INT64:
    sum_init: pl.INT64 = 0
    for i, (s,) in pl.range(0, n, 1, init_values=(sum_init,)):
        s = pl.yield_(s + i)
    return s


@pl.function(type=pl.FunctionType.Orchestration)
def main(n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    r = loop_sum(n)
    return r
