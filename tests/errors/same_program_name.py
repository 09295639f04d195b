# Two @pl.program classes of one name: the second is an error, located,
# with a note at the first.
import pypto.language as pl

@pl.program
class A:
    @pl.function
    def f(self, a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        return a

@pl.program
class A:
    @pl.function
    def g(self, a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        return a
