# bench/cycles: GELU (its sigmoid form, x * sigmoid(1.702 x)) of one
# 64x128 FP32 tile: a load, four vector instructions, a store.
import pypto.language as pl


@pl.program
class Gelu:
    @pl.function(type=pl.FunctionType.InCore)
    def gelu(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 128])
        e = pl.exp(pl.mul(t, -1.702))
        d = pl.add(e, 1.0)
        g = pl.div(t, d)
        return pl.store(g, [0, 0], [64, 128], y)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        y_ret = self.gelu(x, y)
        return y_ret
