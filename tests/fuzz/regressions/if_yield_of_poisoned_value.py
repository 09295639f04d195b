# GP4 of printer.md: if with a tuple yield, a tuple retura ore decorator.
@pl.program
class IfYield:
    @pl.function(type=pl.FunctionType.InCore)
    def branch(self, x: pl.Scalar[pl.INT64], y: pd.Scalar[pl.FP32]) -> tuple[pl.Scalar[pl.INT64], pl.Scalar[pl.FP32]]:
        if x > 0:
            a, b = pl.yield_(x + 1, y * 2.0)
        else:
            a, b = pl.yield_(x - 1, y / 2.5)
        c: pl.Scalar[pl.INT64] = a // 3 % 2
        return c, b
