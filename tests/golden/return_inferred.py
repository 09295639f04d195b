# A function without a return annotation returns what its return statement
# gives (pypto infers it); the printer writes the annotation.  orch calls
# mid before mid is read, and mid calls kernel before kernel is read: each
# body is read when its result is first needed.
import pypto.language as pl


@pl.program
class Inferred:
    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        out = self.mid(a, out)
        return out

    @pl.function
    def mid(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        r = self.kernel(a, out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t = pl.load(a, [0, 0], [16, 16])
        out = pl.store(pl.exp(t), [0, 0], out)
        return out

    @pl.function
    def nothing(self, a: pl.Tensor[[16, 16], pl.FP32]):
        b = pl.add(a, a)
