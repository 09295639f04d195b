# Bad valid shapes and pad values: a valid shape of another rank, an extent
# larger than the shape's or not positive, a pad value that is not zero,
# max or min (the hardware pads with those three only), a fillpad_expand
# into a smaller tile or one of another rank, set_validshape beyond the
# shape, not positive or not an integer.
import math

import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def bad(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t1 = pl.load(a, [0, 0], [64, 64], valid_shape=[48])
        t2 = pl.load(a, [0, 0], [64, 64], valid_shape=[48, 65])
        t3 = pl.tile.load(a, [0, 0], [64, 64], [0, 64])
        t = pl.load(a, [0, 0], [64, 64])
        p1 = pl.fillpad(t, pad_value=pl.PadValue.null)
        p2 = pl.fillpad(t, pad_value=1.5)
        p3 = pl.tile.fillpad(t, pad_value=math.nan)
        p4 = pl.tile.fillpad_expand(t, [64, 32])
        p5 = pl.fillpad_expand(t, [64])
        s1 = pl.set_validshape(t, 65, 64)
        s2 = pl.tile.set_validshape(t, 1, 0)
        s3 = pl.tile.set_validshape(t, 1.5, 8)
        r = pl.store(t, [0, 0], out)
        return r
