# pl.split_aiv regions of mode UP_DOWN and LEFT_RIGHT in one kernel: a loop
# over the two AIV lanes whose tiles are the lane's half ([32, 64] and
# [64, 32] of [64, 64]), the GM windows moved by lane * 32 rows (columns),
# added to the offsets the body computes from the lane index itself.
import pypto.language as pl

N = 64


@pl.jit
def split_lanes(a: pl.Tensor[[N, N], pl.FP32], b: pl.Tensor[[N, N], pl.FP32],
                out_ud: pl.Out[pl.Tensor[[N, N], pl.FP32]], out_lr: pl.Out[pl.Tensor[[N, N], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(a, [0, 0], [N, N])
            out_ud = pl.store(pl.add(t, pl.tile.full([N, N], dtype=pl.FP32, value=1.0)), [0, 0], out_ud)
        for lane2 in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            u = pl.load(b, [0, 0], [N, N])
            out_lr = pl.store(pl.muls(u, pl.cast(lane2 + 1, pl.FP32)), [0, 0], out_lr)
    return out_ud, out_lr
