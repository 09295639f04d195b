# A hard pl.system.syncall at full occupancy: the launch is sized by the
# device, pl.spmd(pl.system.available_aiv_count()) (48 AIV cores on the
# A2/A3 device the runtime stands for).  Each block writes its rows, meets
# the others at the barrier, then adds the rows of the block n / 2 ahead.
import pypto.language as pl

R = 2
C = 64
ROWS = 48 * R


@pl.jit.incore
def rotate(x: pl.Tensor[[ROWS, C], pl.FP32], stage: pl.InOut[pl.Tensor[[ROWS, C], pl.FP32]],
           y: pl.Out[pl.Tensor[[ROWS, C], pl.FP32]]):
    b = pl.tile.get_block_idx()
    n = pl.tile.get_block_num()
    t = pl.load(x, [b * R, 0], [R, C])
    stage = pl.store(pl.adds(t, 1.0), [b * R, 0], stage)
    pl.system.fence()
    pl.system.syncall(core_type="aiv_only")
    pl.system.cacheinvalid()
    o = (b + n // 2) % n
    u = pl.load(stage, [o * R, 0], [R, C])
    y = pl.store(pl.sub(u, t), [b * R, 0], y)
    return stage, y


@pl.jit
def syncall_full(x: pl.Tensor[[ROWS, C], pl.FP32], stage: pl.InOut[pl.Tensor[[ROWS, C], pl.FP32]],
                 y: pl.Out[pl.Tensor[[ROWS, C], pl.FP32]]):
    with pl.spmd(pl.system.available_aiv_count(), sync_start=True):
        stage, y = rotate(x, stage, y)
    return stage, y
