# tile.fillpad_inplace: a tile loaded with a smaller valid shape padded in
# its own buffer (one pto.tfillpad whose source and destination share an
# address, TFILLPAD_INPLACE in C++), with max, the default zero and min;
# the valid part is then used by an elementwise op and the padded tile
# stored whole.
import pypto.language as pl


@pl.program
class FillpadInplace:
    @pl.function(type=pl.FunctionType.InCore)
    def fillpad_inplace(
        self,
        x: pl.Tensor[[48, 64], pl.FP32],
        ymax: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        yzero: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
        ymin: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        t = pl.load(x, [0, 0], [64, 64], valid_shape=[48, 64])
        p = pl.tile.fillpad_inplace(t, pad_value=pl.PadValue.max)
        u = pl.load(x, [0, 0], [16, 64], valid_shape=[16, 40])
        z = pl.tile.fillpad_inplace(pl.tile.muls(u, 2.0))
        v = pl.load(x, [16, 0], [16, 64], valid_shape=[10, 64])
        m = pl.tile.fillpad_inplace(v, pad_value=pl.PadValue.min)
        s1 = pl.store(p, [0, 0], ymax)
        s2 = pl.store(z, [0, 0], yzero)
        s3 = pl.store(m, [0, 0], ymin)
        return s1, s2, s3
