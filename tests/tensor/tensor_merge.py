# pyptocc-flags: --passes=default
# pl.mrgsort of two and of four sorted lists (tensor.mrgsort_format2), as
# pypto-lib's gate kernels merge the halves of a sorted row: a row of 512
# FP32 scores is sorted in runs of 32 (sort32) and merged into runs of 128
# pairs (mrgsort, block_len=64), and the four runs are merged into one by
# one four-list merge; a row of 256 into two runs, merged by a two-list
# merge.  Each list is a window of the sorted row.
import pypto.language as pl


@pl.jit
def merge_lists(a: pl.Tensor[[1, 512], pl.FP32], b: pl.Tensor[[1, 256], pl.FP32],
                ia: pl.Tensor[[1, 512], pl.UINT32], ib: pl.Tensor[[1, 256], pl.UINT32],
                va: pl.Out[pl.Tensor[[1, 512], pl.FP32]], vb: pl.Out[pl.Tensor[[1, 256], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="four_lists"):
        s = pl.mrgsort(pl.sort32(a, ia), block_len=64)
        m = pl.mrgsort(s[:, 0:256], s[:, 256:512], s[:, 512:768], s[:, 768:1024])
        va[:, :] = pl.gather(m, mask_pattern=pl.tile.MaskPattern.P0101)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="two_lists"):
        t = pl.mrgsort(pl.sort32(b, ib), block_len=64)
        n = pl.mrgsort(t[:, 0:256], t[:, 256:512], exhausted=False)
        vb[:, :] = pl.gather(n, mask_pattern=pl.tile.MaskPattern.P1010, output_dtype=pl.INT32)
    return va, vb
