# Top-level @pl.functions called by bare name are added to the program once,
# also when called from several methods and from each other.
import pypto.language as pl


@pl.function
def square(x: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    return x * x


@pl.function
def sum_of_squares(a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    r = square(a) + square(b)
    return r


@pl.function
def unused(a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
    return a


@pl.program
class Externals:
    @pl.function
    def f(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        return sum_of_squares(n, n + 1)

    @pl.function
    def g(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        s = square(n)
        t = self.f(s)
        return t
