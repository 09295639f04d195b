# pyptocc-flags: --emit=pto
# A tensor op on a tensor with an empty dimension: the tiles it would be
# converted into have no positive extent.  The message names the block op
# once (it named it twice before).
import pypto.language as pl


@pl.program
class Z:
    @pl.function(type=pl.FunctionType.InCore)
    def add(self, x: pl.Tensor[[0, 64], pl.FP32], y: pl.Tensor[[0, 64], pl.FP32]) -> pl.Tensor[[0, 64], pl.FP32]:
        z = pl.add(x, y)
        return z
