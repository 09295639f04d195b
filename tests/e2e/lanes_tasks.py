# The AIV lane index and the task id of no task (today's catalog): a
# pl.split_aiv(2) region runs on each lane, and each lane scales its own
# half of x by 2, found by pl.tile.get_subblock_idx(); a kernel launched
# alone runs on lane 0 and so adds 1 to the first half of x.  The first
# task of the manual scope depends on pl.system.task_invalid(), which
# orders nothing; pl.dump_tag marks x for a selective dump, which this
# runtime does not make, and pl.no_dep(x) drops x from the second task's
# dependencies (tasks run in order here).  y = 2 x, z = x[0:16] + 1.
import pypto.language as pl


@pl.program
class Lanes:
    @pl.function(type=pl.FunctionType.InCore)
    def halves(self, x: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            row = pl.tile.get_subblock_idx() * 16
            t = pl.load(x, [row, 0], [16, 64])
            out = pl.store(pl.muls(t, 2.0), [row, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def lane_rows(self, x: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        t = pl.load(x, [lane * 16, 0], [16, 64])
        return pl.store(pl.adds(t, 1.0), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
             z: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:
        pl.dump_tag(x)
        with pl.manual_scope():
            none = pl.system.task_invalid()
            y, tid = pl.submit(self.halves, x, y, deps=[none])
            z, _ = pl.submit(self.lane_rows, pl.no_dep(x), z, deps=[tid])
        return y, z
