import pypto.language as pl

@pl.program
class P:
    @pl.function
    def main(self, a: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        b = self.helper(a)
        return b
