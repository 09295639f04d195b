# A chain of tasks in a manual scope, its carried task id seeded with None,
# the task id of no task (dev/language/02-manual_dependencies.md): step s
# adds 1 to out, in place, after step s - 1.  out = x + 4.
import pypto.language as pl


@pl.program
class Chain:
    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, src: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(src, [0, 0], [16, 64])
        return pl.store(pl.add(t, 1.0), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.manual_scope():
            prev_tid = None
            out, prev_tid = pl.submit(self.bump, x, out, deps=[prev_tid])
            for step in pl.range(3):
                out, prev_tid = pl.submit(self.bump, out, out, deps=[prev_tid])
        return out
