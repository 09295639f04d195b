# tile.gather_row as the front end reads and prints it (pypto@e2d0f78a
# tile_ops/paged_gather.cpp): into a Mat tile, valid_shape printed only
# where it is not the window, transpose kept; the transposed form in a
# loop.  (The tensor forms, pl.create_l1, pl.gather_row on tensors and
# pl.paged_gather: tests/errors/paged_gather_convert.py.)
import pypto.language as pl


@pl.program
class PagedGatherOps:
    @pl.function(type=pl.FunctionType.InCore)
    def tile(self, src: pl.Tensor[[256, 128], pl.FP16], n: pl.Scalar[pl.INDEX]) -> pl.Tile[[16, 128], pl.FP16, pl.Mem.Mat]:
        t = pl.tile.create([16, 128], dtype=pl.FP16, target_memory=pl.Mem.Mat)
        t = pl.tile.gather_row(t, src, [2, 0], [7, 0], [4, 128], valid_shape=[3, 128])
        t = pl.gather_row(t, src, [8, 0], [n, 0], [8, 128], valid_shape=[n, 128])
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def tile_t(self, src: pl.Tensor[[256, 128], pl.BF16]) -> pl.Tile[[128, 16], pl.BF16, pl.Mem.Mat]:
        t = pl.tile.create([128, 16], dtype=pl.BF16, target_memory=pl.Mem.Mat)
        for r in pl.range(16):
            t = pl.tile.gather_row(t, src, [0, r], [r, 0], [1, 128], True)
        return t
