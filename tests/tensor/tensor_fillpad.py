# pyptocc-flags: --passes=default
# pl.fillpad and pl.fillpad_expand on tensors: the valid part of a view kept,
# the rest padded (min: -inf for FP32, zero) in a kernel of tensor ops.
import pypto.language as pl


@pl.jit
def pad_rows(x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
             z: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="pad"):
        v = pl.slice(x, [16, 64], [0, 0], valid_shape=[16, 40])
        y[:, :] = pl.fillpad(v, pad_value=pl.PadValue.min)
        w = pl.slice(x, [16, 32], [0, 0], valid_shape=[16, 24])
        z[:, :] = pl.fillpad_expand(w, [16, 64])
    return y, z
