# pyptocc-flags: --passes=default
# pl.gather on tensors: by column within each row (dim=-1: the block's
# flat offsets are the column indices plus each row's offset), with INT16
# indices into FP16 rows (converted to INT32 for the instruction), and by
# mask pattern (every second column from 0, every fourth from 3 as the
# INT32 bits of the FP32 values).
import pypto.language as pl

R = 64
C = 64
K = 32


@pl.jit
def gather_rows(x: pl.Tensor[[R, C], pl.FP32], idx: pl.Tensor[[R, C], pl.INT32],
                h: pl.Tensor[[R, C], pl.FP16], hidx: pl.Tensor[[R, K], pl.INT16],
                y: pl.Out[pl.Tensor[[R, C], pl.FP32]], yh: pl.Out[pl.Tensor[[R, K], pl.FP16]],
                m: pl.Out[pl.Tensor[[R, K], pl.FP32]], b: pl.Out[pl.Tensor[[R, 16], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="gather"):
        y[:, :] = pl.add(pl.gather(x, dim=-1, index=idx), x)
        yh[:, :] = pl.gather(h, dim=-1, index=hidx)
        m[:, :] = pl.gather(x, mask_pattern=pl.tile.MaskPattern.P0101)
        b[:, :] = pl.gather(x, mask_pattern=pl.tile.MaskPattern.P1000, output_dtype=pl.INT32)
    return y, yh, m, b
