# The largest finite FP32 as a tile op's constant: Simplify folds
# -(-3.4028234663852886e38) to 3.4028235e38, the shortest decimal that
# rounds to FLT_MAX, which is above FLT_MAX as a double but a finite FP32.
#   big = FLT_MAX everywhere; scaled = x * FLT_MAX; mask = (m - 1) * FLT_MAX
#   (0 where m is 1, -FLT_MAX where it is 0: an additive softmax mask).
import pypto.language as pl

NEG_MAX = -3.4028234663852886e38


@pl.program
class FloatMaxLiteral:
    @pl.function(type=pl.FunctionType.InCore)
    def float_max(self, x: pl.Tensor[[16, 64], pl.FP32], m: pl.Tensor[[16, 64], pl.FP32],
                  big: pl.Out[pl.Tensor[[16, 64], pl.FP32]], scaled: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
                  mask: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        big = pl.store(pl.tile.full([16, 64], dtype=pl.FP32, value=-NEG_MAX), [0, 0], big)
        t = pl.load(x, [0, 0], [16, 64])
        scaled = pl.store(pl.mul(t, -NEG_MAX), [0, 0], scaled)
        f = pl.load(m, [0, 0], [16, 64])
        mask = pl.store(pl.mul(pl.sub(f, 1.0), -NEG_MAX), [0, 0], mask)
        return big
