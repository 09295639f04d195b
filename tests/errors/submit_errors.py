# Bad forms of pl.submit and pl.spmd_submit: each a located error.
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        [r1] = pl.submit(self.k, x, out)
        r2, t2 = pl.submit(k, x, out)
        r3, t3 = pl.spmd_submit(self.k, x, out)
        r4, t4 = pl.spmd_submit(self.k, x, out, core_num=0)
        r5, t5 = pl.submit(self.k, x, out, core_num=2)
        r6, t6 = pl.submit(self.k, x, out, deps=[x])
        r7, t7 = pl.submit(self.k)
        return out
