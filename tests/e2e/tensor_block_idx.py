# pl.tensor.get_block_idx(), pl.tensor.get_block_num() and
# pl.tensor.get_subblock_idx(): today's tensor-scope names of the tile ops,
# read by a pl.spmd body of tensor ops (block i of n writes its rows of x
# plus n) and in a pl.split_aiv region (lane k writes its column half).
import pypto.language as pl

ROWS = 16
COLS = 64
H = ROWS // 2
W = COLS // 2


@pl.jit
def tensor_block_idx(x: pl.Tensor[[ROWS, COLS], pl.FP32], z: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
                     w: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]]):
    with pl.spmd(2):
        with pl.at(level=pl.Level.CORE_GROUP):
            n = pl.tensor.get_block_num()
            i = pl.tensor.get_block_idx()
            z[i * H : i * H + H, :] = pl.add(x[i * H : i * H + H, :], pl.cast(n, pl.FP32))
    with pl.at(level=pl.Level.CORE_GROUP):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            k = pl.tensor.get_subblock_idx()
            w[:, k * W : k * W + W] = pl.mul(x[:, k * W : k * W + W], pl.cast(k + 1, pl.FP32))
    return z, w
