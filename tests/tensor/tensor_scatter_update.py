# pyptocc-flags: --passes=default
# pl.scatter_update on tensors (tensor.scatter_update, dim=-2): whole rows
# replaced, x[index.flat[k], :] = src[k, :]; converted to tile.scatter of
# the flat offsets index * 32 + column (INT32, narrowed to INT16 for the
# FP16 rows) and a blend of the bits.  Indices may repeat: the later row
# wins.
import pypto.language as pl


@pl.jit
def update_rows(x: pl.Tensor[[32, 32], pl.FP32], idx: pl.Tensor[[2, 8], pl.INT32], src: pl.Tensor[[16, 32], pl.FP32],
                h: pl.Tensor[[32, 32], pl.FP16], hsrc: pl.Tensor[[16, 32], pl.FP16],
                y: pl.Out[pl.Tensor[[32, 32], pl.FP32]], yh: pl.Out[pl.Tensor[[32, 32], pl.FP16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="update"):
        y[:, :] = pl.scatter_update(x, -2, idx, src)
        yh[:, :] = pl.tensor.scatter_update(h, dim=-2, index=idx, src=hsrc)
    return y, yh
