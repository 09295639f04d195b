# A task id is an opaque handle (pypto docs/en/dev/ir/02-types.md: no
# arithmetic is defined on it): arithmetic, a comparison and a cast of one
# are errors where they are written.
import pypto.language as pl


@pl.program
class Arith:
    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, src: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(src, [0, 0], [16, 64])
        return pl.store(pl.add(t, 1.0), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Scalar[pl.INT64]:
        out, tid = pl.submit(self.bump, x, out)
        next_id = tid + 1
        same = tid == pl.system.task_invalid()
        n = pl.cast(tid, pl.INT64)
        return n
