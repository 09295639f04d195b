# Bad uses of pl.tile.extract (TEXTRACT): each a located error of its type
# deduction.
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        a = pl.tile.extract(t, 20, 0, [16, 32], target_memory=pl.MemorySpace.Vec)
        b = pl.tile.extract(t, 0, 0, [48, 32], target_memory=pl.MemorySpace.Vec)
        c = pl.tile.extract(t, 0, 0, [16, 32, 1], target_memory=pl.MemorySpace.Vec)
        d = pl.tile.extract(t, 0, 1.5, [16, 32], target_memory=pl.MemorySpace.Vec)
        e = pl.tile.extract(t, 0, 0, [16, 32])
        f = pl.tile.extract(x, 0, 0, [16, 32], target_memory=pl.MemorySpace.Vec)
        return pl.store(a, [0, 0], y)
