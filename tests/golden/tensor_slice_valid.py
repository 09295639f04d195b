# Tensor views that are only partly valid (pypto@e2d0f78a
# docs/en/dev/ir/02-types.md "TensorView", language/op/tensor_ops.py
# slice): pl.slice / pl.tensor.slice with valid_shape= (keyword or fourth
# positional list), constant or known at run time, pad_value= and clamp=.
# The result's type carries the valid part in its TensorView, cut by the
# source's valid part shifted by the offset; a window may run past the
# source's edge when its valid part does not.  Elementwise tensor ops keep
# their operand's valid shape (and drop the pad mode); an annotation
# spells the view as the printer does.
import pypto.language as pl

ROWS = 16
COLS = 128


@pl.program
class SliceValid:
    @pl.function(type=pl.FunctionType.InCore)
    def views(
        self,
        x: pl.Tensor[[64, COLS], pl.FP32],
        h: pl.Tensor[[24, COLS], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        v = pl.slice(x, [ROWS, COLS], [16, 0], valid_shape=[n, COLS])
        s = pl.tensor.slice(x, [ROWS, COLS], [0, 0], [8, COLS])
        z = pl.slice(x, [ROWS, COLS], [0, 0], valid_shape=[8, 64], pad_value=pl.PadValue.zero)
        lo = pl.tensor.slice(z, [ROWS, COLS], [0, 0], pad_value=pl.PadValue.min)
        inner = pl.slice(s, [8, COLS], [4, 0])
        tail = pl.slice(v, [8, 64], [4, 64])
        sub = v[0:8, 0:COLS]
        past = pl.slice(h, [32, COLS], [0, 0], valid_shape=[24, COLS])
        edge = pl.slice(h, [ROWS, COLS], [16, 0], clamp=True)
        full = pl.slice(x, [ROWS, COLS], [0, 0], valid_shape=[ROWS, COLS])
        a: pl.Tensor[[ROWS, COLS], pl.FP32, pl.TensorView(valid_shape=[n, COLS], stride=[], layout=pl.TensorLayout.ND)] = pl.exp(v)
        b = pl.add(a, v)
        c = pl.mul(s, 2.0)
        d = pl.cast(s, target_type=pl.FP16)
        y = pl.assemble(y, b, [0, 0])
        return y
