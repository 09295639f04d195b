# pyptocc-flags: --emit=pto
# A row too long for the on-chip buffer is reduced in blocks of columns
# whose partial results merge (row_max: a maximum of maxima); the indices
# of row_argmax's blocks do not merge, so such a kernel is refused.
import pypto.language as pl


@pl.program
class RowArgColumns:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[8, 65536], pl.FP32], out: pl.Out[pl.Tensor[[8, 1], pl.INT32]]) -> pl.Tensor[[8, 1], pl.INT32]:
        out = pl.assemble(out, pl.row_argmax(x), [0, 0])
        return out
