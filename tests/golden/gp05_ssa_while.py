# GP5 of printer.md: an SSA while loop.
@pl.program
class W:
    @pl.function
    def count(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        x0: pl.Scalar[pl.INT64] = 0
        for (x,) in pl.while_(init_values=(x0,)):
            pl.cond(x < n)
            x_out = pl.yield_(x + 1)
        return x_out
