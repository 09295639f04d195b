# pyptocc-flags: --passes=default
# Verify: block ops belong in InCore functions, not in Orchestration ones.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.block.load(a, [0, 0], [64, 64])
        r = pl.block.store(t, [0, 0], [64, 64], out)
        return r
