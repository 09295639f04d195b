# pl.rsqrt(x, high_precision=True) on a tensor: the conversion gives the
# tile op a scratch tile of the operand's type (tile.rsqrt(src, tmp)),
# as an RMS norm's 1/sqrt(mean + eps) is written in pypto-lib.
import pypto.language as pl


@pl.program
class RsqrtPrecise:
    @pl.function(type=pl.FunctionType.InCore)
    def inv_norm(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        c = pl.rsqrt(pl.add(pl.mul(x, x), 1e-6), high_precision=True)
        return pl.assemble(y, c, [0, 0])

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32], y: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        y = self.inv_norm(x, y)
        return y
