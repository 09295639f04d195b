# pypto.program: Prog
# With a '# pypto.program:' header every def is a program function, so
# Python the DSL does not support is an error in it too.
import pypto.language as pl


def f(a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    b = [a for _ in range(2)]
    return a
