# pyptocc-flags: -Werror
# Under -Werror the mismatches the reference accepted (item 2 of issue 15)
# are errors, each naming its warning: -Wreturn-dtype, -Wint-to-bool,
# -Wargument-shape.
import pypto.language as pl


@pl.program
class Strict:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        flag: pl.Scalar[pl.BOOL],
        c: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 16])
        out = pl.store(t, [0, 0], [16, 16], c)
        return out

    @pl.function
    def twice(self, n: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        m = n * 2
        return m

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, a: pl.Tensor[[16, 32], pl.FP32], cfg: pl.Tensor[[1], pl.INT64]) -> pl.Tensor[[16, 16], pl.FP32]:
        f = pl.tensor.read(cfg, [0])
        c = pl.create_tensor([16, 16], dtype=pl.FP32)
        c = self.kernel(a, f, c)
        return c
