# Errors in the bodies of consecutive methods are all reported: an
# elaboration error in one method is not taken for a syntax error of the
# next (which used to silence every second method's errors).
import pypto.language as pl


@pl.program
class Three:
    @pl.function(type=pl.FunctionType.InCore)
    def a(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0])
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def b(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0])
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def c(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tile[[64, 64], pl.FP32]:
        t = pl.block.load(x, [0, 0])
        return t
