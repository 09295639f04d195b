# A static window past a tensor's edge is an error where it is written,
# whether it reads (a view, a load) or writes (a store, an assemble into
# a bigger target); a dynamic extent is checked at run time.
import pypto.language as pl


@pl.program
class Edge:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
               n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 8], [64, 64])
        u = pl.load(a, [0, n], [64, 64])
        r = pl.store(u, [1, 0], [64, 64], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32], y: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        part = pl.create_tensor([65, 64], dtype=pl.FP32)
        v = pl.view(x, [64, 64], [96, 0])
        merged = pl.assemble(y, part, [64, 0])
        return merged
