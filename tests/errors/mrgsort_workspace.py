# tile.mrgsort_format2's workspace holds all the merged lists (PTOAS:
# tmp.cols >= sum(src.cols)), and has their element type.
import pypto.language as pl


@pl.program
class Workspace:
    @pl.function(type=pl.FunctionType.InCore)
    def small(self, x: pl.Tensor[[1, 64], pl.FP32], y: pl.Out[pl.Tensor[[1, 96], pl.FP32]]) -> pl.Tensor[[1, 96], pl.FP32]:
        a = pl.load(x, [0, 0], [1, 64])
        w = pl.tile.create([1, 96], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        m = pl.tile.mrgsort(a, a, tmp=w)
        return pl.store(m, [0, 0], y)

    @pl.function(type=pl.FunctionType.InCore)
    def wrong_type(self, x: pl.Tensor[[1, 64], pl.FP32], y: pl.Out[pl.Tensor[[1, 128], pl.FP16]]) -> pl.Tensor[[1, 128], pl.FP16]:
        a = pl.load(x, [0, 0], [1, 64])
        w = pl.tile.create([1, 128], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        m = pl.tile.mrgsort(a, a, tmp=w)
        return pl.store(m, [0, 0], y)
