# pyptocc-flags: --passes=default
# pl.scatter on tensors (tensor.scatter, dim=-1): out[b, index[b, k]] =
# src[b, k], the input everywhere else; converted to tile.scatter into
# zeros by the block's flat offsets (column indices plus each row's offset)
# and a blend of the bits: an FP32 block with INT32 indices whose src has
# fewer rows than the input, an FP16 one with INT16 indices, and an INT16
# one (pl.tensor.scatter).  Indices may repeat within a row: the later
# column wins.  The mask form, pl.scatter(x, mask_pattern=, dst=)
# (tensor.scatter_mask): x's rows into every second column of dst from 1
# (P1010) and every fourth from 2 (P0100), dst's elsewhere.
import pypto.language as pl


@pl.jit
def scatter_rows(x: pl.Tensor[[16, 16], pl.FP32], idx: pl.Tensor[[8, 8], pl.INT32], v: pl.Tensor[[8, 8], pl.FP32],
                 h: pl.Tensor[[16, 32], pl.FP16], hidx: pl.Tensor[[16, 16], pl.INT16],
                 hv: pl.Tensor[[16, 16], pl.FP16], s: pl.Tensor[[16, 32], pl.INT16],
                 sv: pl.Tensor[[16, 16], pl.INT16], m: pl.Tensor[[16, 16], pl.FP32],
                 d2: pl.Tensor[[16, 32], pl.FP32], d4: pl.Tensor[[16, 64], pl.FP32],
                 y: pl.Out[pl.Tensor[[16, 16], pl.FP32]], yh: pl.Out[pl.Tensor[[16, 32], pl.FP16]],
                 ys: pl.Out[pl.Tensor[[16, 32], pl.INT16]], y2: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
                 y4: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="scatter"):
        y[:, :] = pl.scatter(x, dim=-1, index=idx, src=v)
        yh[:, :] = pl.scatter(h, dim=-1, index=hidx, src=hv)
        ys[:, :] = pl.tensor.scatter(s, dim=1, index=hidx, src=sv)
        y2[:, :] = pl.scatter(m, mask_pattern=pl.tile.MaskPattern.P1010, dst=d2)
        y4[:, :] = pl.tensor.scatter(m, mask_pattern=5, dst=d4)
    return y, yh, ys, y2, y4
