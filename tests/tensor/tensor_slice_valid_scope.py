# pyptocc-flags: --passes=default
# A partly valid view made outside a placement scope and read inside it:
# OutlineIncoreScopes passes the view to the kernel with its valid shape,
# and the kernel reads and writes only the first 5 rows of each 16-row
# block (the other rows of y are never written: NaN in the harness).
import pypto.language as pl


@pl.program
class SliceValidScope:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        for i, (acc,) in pl.range(0, 64, 16, init_values=(y,)):
            xi = pl.slice(x, [16, 128], [i, 0], valid_shape=[5, 128])
            with pl.at(level=pl.Level.CORE_GROUP):
                e = pl.exp(xi)
                acc2 = pl.assemble(acc, e, [i, 0])
            acc = pl.yield_(acc2)
        return acc
