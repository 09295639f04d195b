# A @pl.function in a class that is not a @pl.program would be silently
# lost: it is an error.
import pypto.language as pl


class Kernels:
    @pl.function
    def add(self, a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        return a
