# A parameter left to the runtime whose valid shape names a dimension that
# no argument the task passes binds has no size to allocate (pypto's
# MaterializeValidShapeSymbols refuses it too).
import pypto.language as pl

VALID = pl.dynamic("VALID")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32],
          out: pl.Out[pl.Tensor[[64], pl.FP32, pl.TensorView(valid_shape=[VALID], layout=pl.TensorLayout.ND)]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        return pl.store(t, [0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.manual_scope():
            a, _t = pl.submit(self.k, x)
        return a
