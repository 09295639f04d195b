# None is a value only in orchestration code (the task id of no task).
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        flag = None
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(t, [0, 0], out)
