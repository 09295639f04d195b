# pyptocc-flags: --passes=default
# Partly valid tensor views (pl.slice with valid_shape=, pypto@e2d0f78a
# docs/en/dev/ir/02-types.md "TensorView"): a block op reads only the
# valid part of a view, an elementwise op computes it, and an assemble
# writes it, so the rest of each output keeps what it held (the harness
# starts outputs as NaN: an element written from the padding fails).
#   y[0:5]        = exp(x[48:53])              rows valid
#   z[:, 0:40]    = 3 x[0:16, 0:40]            columns valid
#   w[8:11, 0:64] = -x[50:53, 64:128]          a view of the rows view,
#                                              valid where both are
#   u[0:24]       = h + 1                      a window past h's edge whose
#                                              valid part is h
import pypto.language as pl


@pl.program
class SliceValidRows:
    @pl.function(type=pl.FunctionType.InCore)
    def tails(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        h: pl.Tensor[[24, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
        z: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
        w: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
        u: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        v = pl.slice(x, [16, 128], [48, 0], valid_shape=[5, 128])
        y = pl.assemble(y, pl.exp(v), [0, 0])
        c = pl.tensor.slice(x, [16, 128], [0, 0], [16, 40])
        z = pl.assemble(z, pl.add(pl.mul(c, 2.0), c), [0, 0])
        inner = pl.slice(v, [8, 64], [2, 64])
        w = pl.assemble(w, pl.neg(inner), [8, 0])
        past = pl.slice(h, [32, 64], [0, 0], valid_shape=[24, 64])
        u = pl.assemble(u, pl.add(past, 1.0), [0, 0])
        return y
