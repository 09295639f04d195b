# pl.system.syncall: the blocks of a pl.spmd launch meet at the barrier.
# Each block writes twice its rows of x into the shared staging tensor,
# publishes them (fence), waits at the barrier for every block, then reads
# the rows the next block wrote: run one block after another without the
# barrier, block b would read rows block b + 1 has not written yet.
import pypto.language as pl

N = 4
R = 8
C = 64


@pl.jit.incore
def exchange(x: pl.Tensor[[N * R, C], pl.FP32], stage: pl.InOut[pl.Tensor[[N * R, C], pl.FP32]],
             y: pl.Out[pl.Tensor[[N * R, C], pl.FP32]]):
    b = pl.tile.get_block_idx()
    t = pl.load(x, [b * R, 0], [R, C])
    stage = pl.store(pl.muls(t, 2.0), [b * R, 0], stage)
    pl.system.fence()
    pl.system.syncall(core_type="aiv_only")
    pl.system.cacheinvalid()
    nb = (b + 1) % N
    u = pl.load(stage, [nb * R, 0], [R, C])
    y = pl.store(pl.add(u, t), [b * R, 0], y)
    return stage, y


@pl.jit
def syncall_exchange(x: pl.Tensor[[N * R, C], pl.FP32], stage: pl.InOut[pl.Tensor[[N * R, C], pl.FP32]],
                     y: pl.Out[pl.Tensor[[N * R, C], pl.FP32]]):
    with pl.spmd(N, sync_start=True):
        stage, y = exchange(x, stage, y)
    return stage, y
