# pl.system.syncall(mode="soft"): the barrier of the blocks of a launch on
# a zeroed INT32 workspace in global memory (pto-isa's SYNCALL<Soft>,
# PTOAS's pto.syncall with a partition view of it).  Each of 4 blocks
# writes its rows of x * 2 to tmp, meets the others at the barrier, then
# reads the next block's rows back: y's block b is 2 x's block b + 1.
# Without the barrier a block could read rows not yet written.  The
# barrier writes its workspace (a counter), so the task passes it InOut.
import pypto.language as pl

BLOCKS = 4
ROWS = 16


@pl.program
class SoftBarrier:
    @pl.function(type=pl.FunctionType.InCore)
    def shift(self, x: pl.Tensor[[64, 64], pl.FP32], ws: pl.InOut[pl.Tensor[[16], pl.INT32]],
              tmp: pl.InOut[pl.Tensor[[64, 64], pl.FP32]],
              y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        b = pl.tile.get_block_idx()
        t = pl.load(x, [b * ROWS, 0], [ROWS, 64])
        tmp = pl.store(pl.muls(t, 2.0), [b * ROWS, 0], tmp)
        pl.system.syncall(mode="soft", core_type="aiv_only", gm_workspace=ws, used_cores=BLOCKS)
        nb = (b + 1) % BLOCKS
        u = pl.load(tmp, [nb * ROWS, 0], [ROWS, 64])
        y = pl.store(u, [b * ROWS, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], ws: pl.InOut[pl.Tensor[[16], pl.INT32]],
             tmp: pl.InOut[pl.Tensor[[64, 64], pl.FP32]],
             y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.spmd(BLOCKS):
            y = self.shift(x, ws, tmp, y)
        return y
