# Found by fuzz_pipeline (seeded with pypto's tests): a tile-scalar compare
# of a tile 16 columns wide, whose packed mask is 32 bytes a row.  Legalize
# took it (cmps has no operand of the result's shape in the op table: PTOAS
# and pto-isa ask only for equal valid rows), and the PTO and C++ printers
# then asked for the tile to have the mask's shape: an error from a
# printer after a pipeline that had reported nothing.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32],
          o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        tx = pl.load(x, [0, 0], [16, 16])
        m = pl.tile.cmps(tx, 0.0, cmp_type=2)
        r = pl.store(pl.sel(m, tx, tx), [0, 0], o)
        return r
