# An orchestration loop that creates the tensor it returns anew in each
# iteration: the returned slot is the buffer each iteration writes (its
# creations emit no code), so the result is the last iteration's (i = 3):
# a + 3.  The tensor is carried through the loop as a C++ Tensor variable
# (a carried tensor's yield assigns it, not a scalar expression).
import pypto.language as pl


@pl.program
class OrchRecreate:
    @pl.function(type=pl.FunctionType.InCore)
    def shift(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        k: pl.Scalar[pl.INT64],
        output: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 16])
        f: pl.Scalar[pl.FP32] = pl.cast(k, pl.FP32)
        out = pl.store(pl.adds(t, f), [0, 0], [16, 16], output)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        result = pl.create_tensor([16, 16], dtype=pl.FP32)
        for i in pl.range(4):
            result = pl.create_tensor([16, 16], dtype=pl.FP32)
            result = self.shift(a, i, result)
        return result
