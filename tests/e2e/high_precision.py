# high_precision=True on tile.div, tensor.log and tensor.recip: the
# instructions' high-precision algorithms (PTO precisionType, C++
# XAlgorithm::HIGH_PRECISION), the same quotients on the CPU.
import pypto.language as pl


@pl.program
class HighPrecision:
    @pl.function(type=pl.FunctionType.InCore)
    def quotient(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
                 q: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 64])
        y = pl.load(b, [0, 0], [16, 64])
        return pl.store(pl.tile.div(x, y, high_precision=True), [0, 0], q)

    @pl.function(type=pl.FunctionType.InCore)
    def log_recip(self, q: pl.Tensor[[16, 64], pl.FP32], r: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        l = pl.log(q, high_precision=True)
        r = pl.assemble(r, pl.recip(l, high_precision=True), [0, 0])
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
             q: pl.Out[pl.Tensor[[16, 64], pl.FP32]], r: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        q = self.quotient(a, b, q)
        r = self.log_recip(q, r)
        return q, r
