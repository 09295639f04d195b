# pyptocc-flags: --passes=default
# pl.gather and pl.scatter (dim=-1) on blocks of 4 rows, fewer than the 8
# INT32 offsets of one 32-byte block: each row's flat offset r * C comes
# from the sequence 0 .. R*K-1 as [R, K], its row number by a right shift
# (K = 64, a power of two: the rope table of pypto-lib's DeepSeek-V4
# indexer, cos_half[j >> 1] of a [4, 32] source) or a division (K = 24),
# times C.  The scatter's rows have 8 indices into rows of 16.
import pypto.language as pl

B = 4


@pl.jit
def gather_few(half: pl.Tensor[[B, 32], pl.FP32], idx: pl.Tensor[[B, 64], pl.INT32],
               w: pl.Tensor[[B, 48], pl.FP32], widx: pl.Tensor[[B, 24], pl.INT32],
               x: pl.Tensor[[B, 16], pl.FP32], sidx: pl.Tensor[[B, 8], pl.INT32], v: pl.Tensor[[B, 8], pl.FP32],
               y: pl.Out[pl.Tensor[[B, 64], pl.FP32]], yw: pl.Out[pl.Tensor[[B, 24], pl.FP32]],
               ys: pl.Out[pl.Tensor[[B, 16], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="gather_few"):
        y[0:B, 0:64] = pl.mul(pl.gather(half[0:B, 0:32], dim=-1, index=idx), 2.0)
        yw[0:B, 0:24] = pl.gather(w, dim=-1, index=widx)
        ys[0:B, 0:16] = pl.scatter(x, dim=-1, index=sidx, src=v)
    return y, yw, ys
