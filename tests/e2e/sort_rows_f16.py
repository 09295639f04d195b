# Four runs of FP16 pairs: tile.sort32 of 128 halves writes each sorted run
# of 32 (value, zero, index: four halves a pair) at four times its source
# column, [1, 512] in all, and one tile.mrgsort of runs of 128 elements
# sorts the row; P0001 keeps the values.  (pto-isa's CPU simulator writes
# run j at 2 * j, so its runs overlap: tests/conformance/known.)
import pypto.language as pl

H = 128


@pl.program
class SortRowsF16:
    @pl.function(type=pl.FunctionType.InCore)
    def sort_rows_f16(
        self,
        h: pl.Tensor[[1, H], pl.FP16],
        ih: pl.Tensor[[1, H], pl.UINT32],
        hvals: pl.Out[pl.Tensor[[1, H], pl.FP16]],
    ) -> pl.Tensor[[1, H], pl.FP16]:
        hs = pl.tile.sort32(pl.load(h, [0, 0], [1, H]), pl.load(ih, [0, 0], [1, H]))
        hs = pl.tile.mrgsort(hs, block_len=128)
        hv = pl.tile.gather_mask(hs, mask_pattern=pl.tile.MaskPattern.P0001)
        return pl.store(hv, [0, 0], hvals)
