# fuzz finding: the loop of a split kernel, inlined into the pl.spmd loop
# around its call, kept its iter_arg names (y_iter_1 twice): the mutator
# had rebuilt the iter_arg with the argument as its init, and the inliner
# knew the callee's definitions by identity.
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def fused(self, x: pl.Tensor[[2, 64], pl.FP32], post: pl.Tensor[[2, 8], pl.FP32],
              y: pl.Out[pl.Tensor[[2, 64], pl.FP32]]) -> pl.Tensor[[2, 64], pl.FP32]:
        for tt in pl.range(2):
            x_row = pl.load(x, [tt, 0], [1, 64])
            w = pl.read(post, [tt, 0])
            y = pl.store(pl.mul(x_row, w), [tt, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, x: pl.Tensor[[2, 64], pl.FP32], post: pl.Tensor[[2, 8], pl.FP32],
             y: pl.Out[pl.Tensor[[2, 64], pl.FP32]]) -> pl.Tensor[[2, 64], pl.FP32]:
        with pl.spmd(1, name_hint="f"):
            y = self.fused(x, post, y)
        return y
