# A pl.spmd() dispatch body with optimizations=: no InCore wrapper is made
# around the dispatch (the kernel is a function already), so a
# tensor-level kernel, which ConvertTensorToBlockOps gives an output
# parameter, is called with it; the hints stay on the spmd scope.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out = pl.add(a, a)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.spmd(2, optimizations=[pl.cross_core_slot(slot_num=4)]):
            out = self.kernel(a, out)
        return out
