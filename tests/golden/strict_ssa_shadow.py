# Under strict_ssa=True a loop body may bind a name the enclosing scope
# binds: the body is a scope of its own (pypto's ScopeManager), so the
# body's 't' and the function's are two variables.
import pypto.language as pl


@pl.program
class Shadow:
    @pl.function(type=pl.FunctionType.InCore, strict_ssa=True)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        for i, (acc,) in pl.range(4, init_values=(t,)):
            t = pl.add(acc, 1.0)
            res = pl.yield_(t)
        stored = pl.store(res, [0, 0], out)
        return stored
