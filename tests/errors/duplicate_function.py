import pypto.language as pl

@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        return a

    @pl.function
    def f(self, a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        return a
