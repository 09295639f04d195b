# Fan-in through arrays of task ids (pypto docs/en/user/tasks/02-submit.md
# "Fan-in through a TaskId array", 03-tuning.md pl.system.task_dummy): an
# array of pl.TASK_ID filled in a loop, read element by element, passed
# whole to deps=, and a list comprehension over range() of constants in
# deps=.  Printed as written; LowerPlacement drops them with the deps=.
import pypto.language as pl

GROUPS = 4


@pl.program
class FanIn:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 16], pl.FP32], y: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        tids = pl.array.create(GROUPS, pl.TASK_ID)
        seed = pl.system.task_dummy(deps=[])
        for g in pl.range(GROUPS):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="produce", deps=[seed]) as tid:
                t = pl.load(x, [g * 16, 0], [16, 16])
                t = pl.add(t, t)
                y = pl.store(t, [g * 16, 0], y)
            tids[g] = tid
        first: pl.TaskId = tids[0]
        gate = pl.system.task_dummy(deps=[first, None, tids[GROUPS - 1]])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="gather", deps=[tids[i] for i in range(GROUPS)]) as t2:
            t = pl.load(y, [0, 0], [16, 16])
            t = pl.mul(t, t)
            y = pl.store(t, [0, 0], y)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="join", deps=[tids, gate, t2]):
            t = pl.load(y, [16, 0], [16, 16])
            t = pl.mul(t, t)
            y = pl.store(t, [16, 0], y)
        return y
