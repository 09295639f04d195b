# A partially valid tile (today's pl.load valid_shape=): only the first 40
# of the 64 columns of x are read.  fillpad with PadValue.min makes the row
# maximum see only them (x is all negative, so a zero pad would win); with
# PadValue.zero the padding adds nothing to a row sum and is stored as 0;
# an elementwise op computes the valid part, which is what a store writes;
# fillpad_expand puts the valid part at the top left of a taller tile.
import pypto.language as pl

R = 16
C = 64
V = 40


@pl.program
class ValidPad:
    @pl.function(type=pl.FunctionType.InCore)
    def valid_pad(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        rmax: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        rsum: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        padded: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        ex: pl.Out[pl.Tensor[[R, V], pl.FP32]],
        grown: pl.Out[pl.Tensor[[2 * R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        t = pl.load(x, [0, 0], [R, C], valid_shape=[R, V])
        lo = pl.fillpad(t, pad_value=pl.PadValue.min)
        z = pl.tile.fillpad(t, 0)
        tmp = pl.create_tile([R, C], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        r1 = pl.store(pl.row_max(lo, tmp), [0, 0], rmax)
        r2 = pl.store(pl.row_sum(z, tmp), [0, 0], rsum)
        r3 = pl.store(z, [0, 0], padded)
        r4 = pl.store(pl.exp(t), [0, 0], ex)
        r5 = pl.store(pl.fillpad_expand(t, [2 * R, C], pad_value=pl.PadValue.zero), [0, 0], grown)
        return r3
