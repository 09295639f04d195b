# LowerPlacement keeps task ids as values (02-manual_dependencies.md): each
# task that binds its id (pl.submit, `with pl.at(...) as tid`) is followed
# by a fresh one, pl.system.task_new(); pl.system.task_invalid(), the join
# pl.system.task_dummy and the array of ids stay, carried by the loop and
# yielded by the if; deps= is dropped (tasks run in program order).
# pyptocc-flags: --passes=lower_placement,convert_to_ssa
import pypto.language as pl


@pl.program
class TaskIdValues:
    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, src: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(src, [0, 0], [16, 64])
        return pl.store(pl.add(t, 1.0), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Scalar[pl.TASK_ID]]:
        with pl.manual_scope():
            tids = pl.array.create(2, pl.TASK_ID)
            prev = pl.system.task_invalid()
            for i in pl.range(2):
                out, t = pl.submit(self.bump, x, out, deps=[prev])
                tids[i] = t
                prev = t
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="again", deps=[tids]) as again:
                u = pl.load(out, [0, 0], [16, 64])
                out = pl.store(pl.mul(u, u), [0, 0], out)
            join = pl.system.task_dummy(deps=[tids, again])
            if n > 0:
                res = join
            else:
                res = tids[0]
        return out, res
