# A rank-3 tensor carried by an orchestration loop and returned: the copy
# kernel into the result's buffer wrote its offsets past a 2-entry array (a
# fuzz finding; UBSan: index 2 out of bounds).  out = 8 x.
import pypto.language as pl

@pl.program
class CarriedRank3:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[1, 16, 64], pl.FP32]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        y = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[1, 16, 64], pl.FP32]) -> pl.Tensor[[1, 16, 64], pl.FP32]:
        y = x
        for i in pl.range(3):
            y = self.k(y)
        return y
