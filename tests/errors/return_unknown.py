# A function without a return annotation whose result is needed before its
# body is read (it calls itself): a located error asking for the annotation.
import pypto.language as pl


@pl.program
class Loop:
    @pl.function
    def f(self, n: pl.Scalar[pl.INT64]):
        m = self.f(n)
        return m
