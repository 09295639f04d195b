# tile.mrgsort_format2 on tiles: four rows of 32 FP32 values, each sorted
# by sort32 into one run of (value, index) pairs, merged two by two
# (pl.tile.mrgsort(a, b, tmp=w)) and all four at once (the workspace as
# the fifth positional argument); the values kept with P0101.
import pypto.language as pl


@pl.program
class SortMerge:
    @pl.function(type=pl.FunctionType.InCore)
    def sort_merge(
        self,
        x: pl.Tensor[[4, 32], pl.FP32],
        ix: pl.Tensor[[1, 32], pl.UINT32],
        two: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        four: pl.Out[pl.Tensor[[1, 128], pl.FP32]],
    ) -> tuple[pl.Tensor[[1, 64], pl.FP32], pl.Tensor[[1, 128], pl.FP32]]:
        idx = pl.load(ix, [0, 0], [1, 32])
        s0 = pl.tile.sort32(pl.load(x, [0, 0], [1, 32]), idx)
        s1 = pl.tile.sort32(pl.load(x, [1, 0], [1, 32]), idx)
        s2 = pl.tile.sort32(pl.load(x, [2, 0], [1, 32]), idx)
        s3 = pl.tile.sort32(pl.load(x, [3, 0], [1, 32]), idx)
        w2 = pl.tile.create([1, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        m2 = pl.tile.mrgsort(s0, s1, tmp=w2)
        w4 = pl.tile.create([1, 256], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        m4 = pl.tile.mrgsort(s0, s1, s2, s3, w4)
        t2 = pl.store(pl.tile.gather_mask(m2, mask_pattern=pl.tile.MaskPattern.P0101), [0, 0], two)
        t4 = pl.store(pl.tile.gather_mask(m4, mask_pattern=pl.tile.MaskPattern.P0101), [0, 0], four)
        return t2, t4
