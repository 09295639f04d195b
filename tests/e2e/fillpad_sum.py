# A filled tile (pl.fillpad: its pad value is part of its type) added to
# a tile without one.  pto-isa's element-wise instructions take one Tile
# type for all operands, so pyptocc's C++ passes the filled tile as a
# second Tile object of the result's type at its address; the sum is the
# same.  Only the first 40 of x's 64 columns are read, the rest are zero.
#   y = [x[:, :40], 0] + z
import pypto.language as pl


@pl.program
class FillpadSum:
    @pl.function(type=pl.FunctionType.InCore)
    def padded_sum(
        self,
        x: pl.Tensor[[16, 64], pl.FP32],
        z: pl.Tensor[[16, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64], valid_shape=[16, 40])
        filled = pl.fillpad(t, pad_value=pl.PadValue.zero)
        w = pl.load(z, [0, 0], [16, 64])
        y = pl.store(pl.add(filled, w), [0, 0], y)
        return y
