# Found by fuzz_pipeline (issue 35): the branches of an if end in
# pl.yield_() and one of them assigns a name the loop carries, so the if
# gets a result; ConvertToSSA added the result's yield after the written
# one, leaving two yields in each branch (not well-formed).
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def count(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64], pl.FP32]:
        i: pl.Scalar[pl.INT64] = 0
        while i < n:
            if i > 5:
                pl.yield_()
            else:
                i = i + 1
                pl.yield_()
        return x
