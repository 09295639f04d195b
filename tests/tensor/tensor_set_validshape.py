# pyptocc-flags: --passes=default
# pl.set_validshape on tensors in a kernel of tensor ops: on a computed
# tensor it becomes tile.set_validshape of the tile; on a parameter the load
# reads only the new valid part. A fillpad then makes every element defined.
import pypto.language as pl


@pl.jit
def set_valid(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
              z: pl.Out[pl.Tensor[[16, 1], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="valid"):
        v = pl.set_validshape(pl.exp(x), 12, 40)
        y[:, :] = pl.fillpad(v, pad_value=pl.PadValue.min)
        w = pl.tensor.set_validshape(x, 16, 8)
        z[:, :] = pl.row_max(pl.fillpad(w, pad_value=pl.PadValue.min))
    return y, z
