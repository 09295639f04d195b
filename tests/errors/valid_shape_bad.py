# Bad valid shapes and pad values: a valid shape of another rank, an extent
# larger than the shape's or not positive, a pad value that is not zero,
# max or min (the hardware pads with those three only).
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
        r = pl.store(t, [0, 0], out)
        return r
