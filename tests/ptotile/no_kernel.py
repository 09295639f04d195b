# A program without kernels (passes.md 2): an empty module.
import pypto.language as pl


@pl.program
class Host:
    @pl.function(type=pl.FunctionType.Orchestration)
    def host(self, a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        b = pl.tensor.create([64, 64], dtype=pl.FP32)
        return b
