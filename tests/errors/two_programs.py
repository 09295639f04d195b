import pypto.language as pl

@pl.program
class A:
    @pl.function
    def f(self, a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        return a

@pl.program
class B:
    @pl.function
    def g(self, a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        return a
