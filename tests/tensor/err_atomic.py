# pyptocc-flags: --passes=default
# atomic=pl.AtomicType.Add is a kernel's store: in orchestration code an
# assemble is a copy task, which has no adding form (pypto rejects it too).
import pypto.language as pl


@pl.program
class AtomicErrors:
    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        y = pl.assemble(y, x, [16, 0], atomic=pl.AtomicType.Add)
        return y
