# break and continue where CtrlFlowTransform has no structured form, and
# outside loops.
# pyptocc-flags: --emit=pto
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32], s: pl.Scalar[pl.INT64]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        for i in pl.parallel(4):
            if i == 2:
                break
        for i, (a,) in pl.parallel(0, 4, 1, init_values=(t,)):
            if i == 2:
                break
            a = pl.yield_(pl.add(a, a))
        for i in pl.range(0, 8, s):
            if i == 3:
                break
        return pl.store(t, [0], x)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i in pl.range(4):
            with pl.at(level=pl.Level.CORE_GROUP):
                y = pl.add(x, x)
                if i == 1:
                    break
        return x
