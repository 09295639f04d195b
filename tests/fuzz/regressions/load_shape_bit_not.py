# fuzz_frontend: `~64` in a load shape typed the tile as [64, ~64], printed
# as an annotation that reads back as dimension -65 (round trip broken).
# Shape values are now checked after folding, however they are written.
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0], [64, ~64])
        r = pl.block.store(t, [0, 0], [64, 64], out)
        return r
