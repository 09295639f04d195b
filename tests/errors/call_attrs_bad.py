# attrs= of a program function's call (today's printer's call
# attributes): a dict of constants; arg_directions lists one pl.adir value
# per argument; core_num is a positive count; other keywords are refused.
import pypto.language as pl


@pl.program
class CallAttrsBad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        return pl.store(t, [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        y = self.k(x, y, attrs={"arg_directions": [pl.adir.input]})
        y = self.k(x, y, attrs={"arg_directions": [pl.adir.input, 3]})
        y = self.k(x, y, attrs={"core_num": 0})
        y = self.k(x, y, attrs=[1, 2])
        y = self.k(x, y, attrs={"deps": [x]})
        y = self.k(x, y, attrs={"a": [[1]]})
        y = self.k(x, y, attrs={"a": 1, "a": 2})
        y = self.k(x, y, priority=3)
        y = self.k(x, y, attrs={"arg_directions": [pl.adir.sideways, pl.adir.input]})
        y = self.k(x, y, attrs={"device": 0})
        return y
