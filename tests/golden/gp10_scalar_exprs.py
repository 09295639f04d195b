# GP10 of printer.md: scalar expressions and loop forms.
@pl.program
class S:
    @pl.function
    def f(self, a: pl.Scalar[pl.INT64], b: pl.Scalar[pl.INT32], c: pl.Scalar[pl.INT64], d: pl.Scalar[pl.INT64], f: pl.Scalar[pl.FP32], t: pl.Tensor[[128, 64], pl.FP32], n: pl.Scalar[pl.INT64]):
        e1 = (a + b) * (a - b) // 4 % 3
        e2 = pl.min(a, b) + pl.max(a, 2)
        e3 = not a
        e4 = f / 2.0 + 1.5 * f
        e5 = (a - (b - c)) - d
        e6 = pl.tensor.dim(t, 0)
        for i in pl.parallel(0, n, 2):
            v = pl.view(t, [64, 64], [i, 0])
        for j in pl.range(4):
            w = j
