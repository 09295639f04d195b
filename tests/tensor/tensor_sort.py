# pyptocc-flags: --passes=default
# pl.sort32 and pl.mrgsort on tensors, as pypto-lib's top-k kernels write
# them: each row of scores sorted (runs of 32, then merged runs of 64 and
# 256 elements), the pairs split into values and indices with mask
# gathers.  The indices come from a UINT32 input (0, 1, 2, ...).
import pypto.language as pl

ROWS = 8
N = 512


@pl.jit
def sort_scores(scores: pl.Tensor[[ROWS, N], pl.FP32], iota: pl.Tensor[[1, N], pl.UINT32],
                vals: pl.Out[pl.Tensor[[ROWS, N], pl.FP32]], idx: pl.Out[pl.Tensor[[ROWS, N], pl.INT32]]):
    for r in pl.range(ROWS):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="sort_row"):
            s = pl.sort32(scores[r : r + 1, :], iota)
            s = pl.mrgsort(s, block_len=64)
            s = pl.mrgsort(s, block_len=256)
            vals[r : r + 1, :] = pl.gather(s, mask_pattern=pl.tile.MaskPattern.P0101)
            idx[r : r + 1, :] = pl.gather(s, mask_pattern=pl.tile.MaskPattern.P1010, output_dtype=pl.INT32)
    return vals, idx
