import pypto.language as pl

@pl.program
class P:
    @pl.function
    def helper(self, a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        return a + b

    @pl.function
    def main(self, a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        b = self.helper(a)
        return b
