# Found by fuzz_pipeline (seed 7, with a local oracle of the tile IR work) on
# 7bb0cb3: a tensor matmul of a 0-row tensor divided by the empty extent in
# ConvertTensorToBlockOps' block plan (SIGFPE).  It is an error now
# (tests/errors/matmul_empty_dim).
# pyptocc-flags: --passes=default
# The cube unit multiplies whole 16-row boxes, and a product is computed
# where it is stored: one carried by a loop cannot be converted.
import pypto.language as pl


@pl.program
class Matmuls:
    @pl.function(type=pl.FunctionType.InCore)

    def power(self, x: pl.Tensor[[00, 64], pl.FP32], w: pl.Tensor[[64, 64], pl.INT8]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            acc = pl.yield_(pl.matmul(acc, w))
        return acc
