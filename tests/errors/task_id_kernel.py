# pyptocc-flags: --emit=pto
# Task ids are values of the orchestration: a kernel that takes one has no
# form for it on the core.
import pypto.language as pl


@pl.program
class InKernel:
    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, src: pl.Tensor[[16, 64], pl.FP32], tid: pl.Scalar[pl.TASK_ID], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(src, [0, 0], [16, 64])
        return pl.store(pl.add(t, 1.0), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        first = pl.system.task_invalid()
        out = self.bump(x, first, out)
        return out
