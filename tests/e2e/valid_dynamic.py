# Tiles whose valid shape is known only at run time: the last block of
# rows is a tail of 50 - 48 = 2 rows, loaded, computed and stored as such
# (PTOAS v_row=? with alloc_tile's valid_row operand and a dynamic
# partition; pto-isa's DYNAMIC ValidRow and a DYNAMIC GlobalTensor row
# count).  The rows past 50 of y are never written: the harness's output
# starts as zeros there.
import pypto.language as pl


@pl.program
class ValidDynamic:
    @pl.function(type=pl.FunctionType.InCore)
    def valid_dynamic(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.range(4):
            v = pl.min(50 - i * 16, 16)
            t = pl.load(x, [i * 16, 0], [16, 64], valid_shape=[v, 64])
            u = pl.exp(t)
            w = pl.add(u, t)
            y = pl.store(w, [i * 16, 0], y)
        return y
