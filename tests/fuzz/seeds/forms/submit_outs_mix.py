# pl.submit with runtime-allocated trailing outputs, chained, with deps,
# attrs= and a view of a runtime output passed on.
import pypto.language as pl


@pl.program
class SubmitOuts:
    @pl.function(type=pl.FunctionType.InCore)
    def split(self, x: pl.Tensor[[32, 64], pl.FP32], lo: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
              hi: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        a = pl.load(x, [0, 0], [16, 64])
        b = pl.load(x, [16, 0], [16, 64])
        lo1 = pl.store(pl.exp(a), [0, 0], lo)
        hi1 = pl.store(pl.neg(b), [0, 0], hi)
        return lo1, hi1

    @pl.function(type=pl.FunctionType.InCore)
    def join(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        u = pl.load(b, [0, 0], [16, 64])
        return pl.store(pl.add(t, u), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.manual_scope():
            lo, hi, t0 = pl.submit(self.split, x)
            lo2, t1 = pl.submit(self.join, lo, hi, deps=[t0], attrs={"arg_directions": [pl.adir.input, pl.adir.input]})
            y, _ = pl.submit(self.join, lo2, hi, y, deps=[t1, t0])
        return y
