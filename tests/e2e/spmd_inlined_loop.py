# A kernel that reads single elements (pl.read) is split, and its loop
# lands in the orchestration, inside the pl.spmd loop around the call: the
# inlined loop's iter_args are renamed apart from the spmd loop's (a fuzz
# finding: both were y_iter_1).  y[t, :] = x[t, :] * post[t, 0].
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
