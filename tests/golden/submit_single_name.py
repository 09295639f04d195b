# res = pl.submit(...) binds one name to the flat tuple of the kernel's
# results and the task id (pypto's single-target form); for a kernel
# without results, to the task id.  Its elements read back by index.
import pypto.language as pl


@pl.program
class SubmitOne:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 16], pl.FP32], c: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 16])
        return pl.store(pl.mul(t, 2.0), [0, 0], c)

    @pl.function(type=pl.FunctionType.InCore)
    def fence(self, a: pl.Tensor[[16, 16], pl.FP32], d: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t = pl.load(a, [0, 0], [16, 16])
        d_1 = pl.store(t, [0, 0], d)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], c: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
             d: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.manual_scope():
            res = pl.submit(self.scale, a, c)
            tid = pl.submit(self.fence, res[0], d, deps=[res[1]])
        return c
