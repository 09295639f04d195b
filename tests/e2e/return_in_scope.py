# An orchestration whose last statement is a runtime scope that ends with
# the return (with pl.scope(): ... return out), and whose return type comes
# from that return.  out = x * 2 where flag is 0, x + 1 otherwise (flag 3).
import pypto.language as pl


@pl.program
class ReturnInScope:
    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(pl.mul(t, 2.0), [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(pl.add(t, 1.0), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], flag: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        with pl.scope():
            if flag == 0:
                out = self.twice(x, out)
            else:
                out = self.bump(x, out)
            return out
