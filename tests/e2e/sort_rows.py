# Sorting rows on the vector unit: tile.sort32 sorts each run of 32 into
# (value, index) pairs, descending, with the UINT32 indices ix gives (here
# 0, 1, 2, ...); two tile.mrgsort merges (runs of 64 elements, then of
# 256) sort a whole row of 512 FP32 values; the mask gathers split the
# pairs into values (P0101) and indices (P1010).  An FP16 value takes four
# halves a pair (the value, a zero, the index): sort32 of 32 halves gives
# [1, 128], and P0001 keeps the values.  (Runs of FP16 pairs after the
# first: tests/e2e/sort_rows_f16.)
import pypto.language as pl

ROWS = 4
N = 512
H = 32


@pl.program
class SortRows:
    @pl.function(type=pl.FunctionType.InCore)
    def sort_rows(
        self,
        x: pl.Tensor[[ROWS, N], pl.FP32],
        ix: pl.Tensor[[1, N], pl.UINT32],
        h: pl.Tensor[[1, H], pl.FP16],
        ih: pl.Tensor[[1, H], pl.UINT32],
        vals: pl.Out[pl.Tensor[[ROWS, N], pl.FP32]],
        idx: pl.Out[pl.Tensor[[ROWS, N], pl.INT32]],
        hvals: pl.Out[pl.Tensor[[1, H], pl.FP16]],
    ) -> tuple[pl.Tensor[[ROWS, N], pl.FP32], pl.Tensor[[ROWS, N], pl.INT32], pl.Tensor[[1, H], pl.FP16]]:
        iota = pl.load(ix, [0, 0], [1, N])
        for r, (v_acc, i_acc) in pl.range(0, ROWS, 1, init_values=(vals, idx)):
            row = pl.load(x, [r, 0], [1, N])
            s = pl.tile.sort32(row, iota)
            s = pl.tile.mrgsort(s, block_len=64)
            s = pl.mrgsort(s, block_len=256)
            v = pl.tile.gather_mask(s, mask_pattern=pl.tile.MaskPattern.P0101)
            i = pl.tile.gather_mask(s, mask_pattern=pl.tile.MaskPattern.P1010, output_dtype=pl.INT32)
            v2 = pl.store(v, [r, 0], v_acc)
            i2 = pl.store(i, [r, 0], i_acc)
            v_acc, i_acc = pl.yield_(v2, i2)
        hs = pl.sort32(pl.load(h, [0, 0], [1, H]), pl.load(ih, [0, 0], [1, H]))
        hv = pl.tile.gather_mask(hs, mask_pattern=pl.tile.MaskPattern.P0001)
        h2 = pl.store(hv, [0, 0], hvals)
        return v_acc, i_acc, h2
