# A window of an INT32 tile copied into a tile of its own (tile.slice in
# Vec, TEXTRACT), which A2/A3 has for 8-bit integers and the floats only:
# Legalize copies the bytes read as FP32 (reinterpret_view there and
# back; a copy converts nothing, so the bits are the integers').
#   y = x[:, 16:48] + x[:, 16:48]
import pypto.language as pl


@pl.program
class Int32WindowCopy:
    @pl.function(type=pl.FunctionType.InCore)
    def window(
        self,
        x: pl.Tensor[[16, 64], pl.INT32],
        y: pl.Out[pl.Tensor[[16, 32], pl.INT32]],
    ) -> pl.Tensor[[16, 32], pl.INT32]:
        t = pl.load(x, [0, 0], [16, 64])
        w = pl.tile.slice(t, [16, 32], [0, 16])
        y = pl.store(pl.add(w, w), [0, 0], y)
        return y
