# A file may define several @pl.program classes: each is a program of its
# own, printed one after the other (the text reads back to the same two).
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
