# GP6 of printer.md: natural (re-assigning) code is accepted as written.
@pl.program
class A:
    @pl.function
    def acc(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        x: pl.Scalar[pl.INT64] = 1
        for i in pl.range(0, 10, 1):
            x = x + i
        if n > 5:
            x = x * 2
        return x
