# A program function may leave out self (a self-contained function in the
# class, as today's printer of pypto writes some); it is called self.f(...)
# as the others are, and printed back with self.
import pypto.language as pl


@pl.program
class NoSelf:
    @pl.function(type=pl.FunctionType.InCore)
    def k(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 16])
        return pl.store(pl.add(t, t), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        out = self.k(a, out)
        return out
