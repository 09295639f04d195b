# Returns inside ifs: an elif chain whose branches return, and statements
# after the if that only the fall-through path runs.  Each call takes
# another path: y0 = 2a, y1 = a, y2 = a * a + 1.
import pypto.language as pl


@pl.program
class ReturnInIf:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(self, a: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.INT32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 32])
        if flag == 0:
            y = pl.add(x, x)
            return pl.store(y, [0, 0], out)
        elif flag == 1:
            return pl.store(x, [0, 0], out)
        z = pl.mul(x, x)
        z = pl.adds(z, 1.0)
        return pl.store(z, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], y0: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
             y1: pl.Out[pl.Tensor[[16, 32], pl.FP32]], y2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        y0 = self.pick(a, 0, y0)
        y1 = self.pick(a, 1, y1)
        y2 = self.pick(a, 2, y2)
        return y0, y1, y2
