# An Orchestration loop with init_values that continues and breaks: the
# carried tensor starts as x; i = 0 doubles it into y, i = 1 continues
# (acc stays y), i = 2 doubles y into y, i = 3 breaks: y = 4 x.
import pypto.language as pl


@pl.program
class OrchCarryExits:
    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        return pl.store(pl.add(t, t), [0, 0], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 8, 1, init_values=(x,)):
            if i == 3:
                break
            if i == 1:
                continue
            r = self.twice(acc, y)
            acc = pl.yield_(r)
        return y
