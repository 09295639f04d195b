# pyptocc-flags: --emit=cpp
# pl.assemble in orchestration code becomes a task of a copy kernel
# (ConvertTensorToBlockOps, tests/e2e/orch_assemble), whose tiles need the
# source's shape: a source of run-time shape is reported at the assemble.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class AsmDynamic:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[N, 64], pl.FP32], y: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        y2 = pl.assemble(y, x, [0, 0])
        return y2
