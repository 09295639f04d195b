# Task ids as values of the orchestration (02-manual_dependencies.md,
# 03-tuning.md): a task id carried through a loop (init_values and
# pl.yield_), an array of them filled element by element, read back and
# passed whole to deps=, pl.system.task_dummy joins, a task id yielded by
# an if, and task ids returned.  Tasks run in program order and each
# submission gets a fresh id, counted from 0 per run
# (pto_orchestration_api.h): the four tasks of the loop are 0..3, the
# task after it 4, the join of the array 5; a join of no task is the
# invalid id, -1.
#     out = x + 5, last = 3, join = 5, none = -1, pick = 4 (n > 0) or 3
import pypto.language as pl

R = 16
C = 64
N = 4


@pl.program
class TaskIds:
    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, src: pl.Tensor[[R, C], pl.FP32], out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        t = pl.load(src, [0, 0], [R, C])
        return pl.store(pl.add(t, 1.0), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[R, C], pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> tuple[pl.Tensor[[R, C], pl.FP32], pl.Scalar[pl.TASK_ID], pl.Scalar[pl.TASK_ID], pl.Scalar[pl.TASK_ID], pl.Scalar[pl.TASK_ID]]:
        with pl.manual_scope():
            tids = pl.array.create(N, pl.TASK_ID)
            never = pl.array.create(2, pl.TASK_ID)
            out, first = pl.submit(self.bump, x, out)
            tids[0] = first
            last_tid = first
            for i, (acc, last) in pl.range(1, N, init_values=(out, last_tid)):
                acc, t = pl.submit(self.bump, acc, acc, deps=[last])
                tids[i] = t
                acc, last = pl.yield_(acc, t)
            out, after = pl.submit(self.bump, acc, acc, deps=[tids[N - 1]])
            join = pl.system.task_dummy(deps=[tids])
            none = pl.system.task_dummy(deps=[never, None])
            if n > 0:
                pick = after
            else:
                pick = tids[N - 1]
        return out, last, join, none, pick
