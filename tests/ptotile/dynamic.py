# A dynamic dimension (pl.dynamic): '?' in the memref types, and one more
# index parameter for its value, used in the loop bound.
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class Dyn:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, t: pl.Tensor[[N, 64], pl.FP32], out: pl.Out[pl.Tensor[[N, 64], pl.FP32]]) -> pl.Tensor[[N, 64], pl.FP32]:
        for i, (o,) in pl.range(0, N // 32, 1, init_values=(out,)):
            a = pl.load(t, [i * 32, 0], [32, 64])
            b = pl.exp(a)
            o2 = pl.store(b, [i * 32, 0], [32, 64], o)
            o3 = pl.yield_(o2)
        return o3
