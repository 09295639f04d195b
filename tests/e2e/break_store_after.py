# A kernel loop that breaks before a store whose result names the output
# after the loop: the store joins the branch that does not break, and its
# result, another name of c, is c where that branch does not run.  Rows
# 0-31 and 32-63 get 3 a, i == 2 breaks, the rest are never written.
import pypto.language as pl


@pl.program
class BreakStoreAfter:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, a: pl.Tensor[[128, 64], pl.FP32],
             c: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        for i in pl.range(4):
            if i == 2:
                break
            t = pl.load(a, [i * 32, 0], [32, 64])
            out = pl.store(pl.mul(t, 3.0), [i * 32, 0], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 64], pl.FP32],
             c: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        c = self.rows(a, c)
        return c
