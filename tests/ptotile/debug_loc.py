# pyptocc-flags: -g --async
# -g: every op of the tile IR carries loc("debug_loc.py":LINE:COL) of the statement it comes
# from; an scf.for, scf.while or scf.if after its closing brace; the constants,
# the function and its return the function's definition; the module the
# program's.  (examples/scalar_control.py; without -g its .pto.)
import pypto.language as pl


@pl.program
class ScalarControl:
    @pl.function(type=pl.FunctionType.InCore)
    def steps_and_sum(
        self,
        n: pl.Scalar[pl.INT64],
        out: pl.Out[pl.Tensor[[2, 8], pl.FP32]],
    ) -> pl.Tensor[[2, 8], pl.FP32]:
        total: pl.Scalar[pl.INT64] = 0
        for i, (acc,) in pl.range(n, init_values=(total,)):
            if i % 2 == 1:
                next_acc = pl.yield_(acc + i)
            else:
                next_acc = pl.yield_(acc)
            acc = pl.yield_(next_acc)
        steps0: pl.Scalar[pl.INT64] = 0
        for (x, steps) in pl.while_(init_values=(n, steps0)):
            pl.cond(x > 1)
            if x % 2 == 0:
                x_next = pl.yield_(x // 2)
            else:
                x_next = pl.yield_(3 * x + 1)
            x, steps = pl.yield_(x_next, steps + 1)
        row0 = pl.block.full([1, 8], dtype=pl.FP32, value=pl.cast(acc, pl.FP32))
        row1 = pl.block.full([1, 8], dtype=pl.FP32, value=pl.cast(steps, pl.FP32))
        r0 = pl.store(row0, [0, 0], [1, 8], out)
        r1 = pl.store(row1, [1, 0], [1, 8], r0)
        return r1

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        params: pl.Tensor[[1], pl.INT64],
        out: pl.Out[pl.Tensor[[2, 8], pl.FP32]],
    ) -> pl.Tensor[[2, 8], pl.FP32]:
        n = pl.tensor.read(params, [0])
        result = self.steps_and_sum(n, out)
        return result
