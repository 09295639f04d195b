# A tensor argument with fewer elements than its parameter stays an error
# (the callee would read or write past its end: a); with more elements it
# is the -Wargument-shape warning (c; tests/e2e/lenient_calls.py).
import pypto.language as pl


@pl.program
class Small:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 16])
        out = pl.store(t, [0, 0], [16, 16], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, a: pl.Tensor[[8, 16], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        c = pl.create_tensor([16, 32], dtype=pl.FP32)
        c = self.kernel(a, c)
        return c
