# pl.cast of a scalar with the data type by keyword (target_type=), as
# pypto-lib writes it, and by position.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], ids: pl.Tensor[[1, 4], pl.INT32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        token = pl.tensor.read(ids, [0, 1])
        row = pl.cast(token, target_type=pl.INDEX)
        col = pl.cast(token, pl.INT64)
        t = pl.load(x, [row, 0], [16, 64])
        return pl.store(t, [0, col * 0], y)
