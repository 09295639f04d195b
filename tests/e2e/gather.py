# tile.gather and tile.gather_mask: an index gather reads its source by
# flat element offset (row * 64 + column of the [8, 64] source tile: the
# indices may cross rows; idx + 8 here, so that the runtime's default
# inputs, integers from -8, run too), with a scratch tile of the indices' type
# (Legalize replaces the FP32 one given for the second gather); the mask
# form keeps every second column from 1 (P1010) and every fourth from 2
# (P0100), the latter as the INT32 bits of the FP32 values.
import pypto.language as pl

R = 8
C = 64
K = 32


@pl.program
class Gather:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        idx: pl.Tensor[[R, K], pl.INT32],
        og: pl.Out[pl.Tensor[[R, K], pl.FP32]],
        og2: pl.Out[pl.Tensor[[R, K], pl.FP32]],
        om: pl.Out[pl.Tensor[[R, K], pl.FP32]],
        ob: pl.Out[pl.Tensor[[R, 16], pl.INT32]],
    ) -> tuple[pl.Tensor[[R, K], pl.FP32], pl.Tensor[[R, K], pl.FP32], pl.Tensor[[R, K], pl.FP32],
               pl.Tensor[[R, 16], pl.INT32]]:
        t = pl.load(x, [0, 0], [R, C])
        i = pl.tile.adds(pl.load(idx, [0, 0], [R, K]), pl.const(8, pl.INT32))
        tmp = pl.tile.create([R, K], dtype=pl.INT32)
        g = pl.tile.gather(t, i, tmp)
        wrong = pl.tile.create([R, K], dtype=pl.FP32)
        g2 = pl.tile.gather(pl.mul(t, t), i, wrong)
        m = pl.tile.gather_mask(t, mask_pattern=pl.tile.MaskPattern.P1010)
        b = pl.tile.gather_mask(t, mask_pattern=pl.tile.MaskPattern.P0100, output_dtype=pl.INT32)
        s1 = pl.store(g, [0, 0], og)
        s2 = pl.store(g2, [0, 0], og2)
        s3 = pl.store(m, [0, 0], om)
        s4 = pl.store(b, [0, 0], ob)
        return s1, s2, s3, s4
