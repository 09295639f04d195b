# Row softmax of a 128x64 tensor, 16 rows per iteration of a pl.range that
# carries the output tensor (init_values): y = softmax(x * scale) along
# each row, scale a scalar parameter.  Uses row_max, row_expand_sub, exp,
# row_sum and row_expand_div.
import pypto.language as pl

ROWS = 128
COLS = 64
BLOCK = 16


@pl.program
class SoftmaxRows:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax_rows(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        scale: pl.Scalar[pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        for i, (acc,) in pl.range(0, ROWS, BLOCK, init_values=(y,)):
            t = pl.load(x, [i, 0], [BLOCK, COLS])
            ts = pl.muls(t, scale)
            tmp = pl.create_tile([BLOCK, COLS], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            m = pl.row_max(ts, tmp)
            e = pl.exp(pl.row_expand_sub(ts, m))
            s = pl.row_sum(e, tmp)
            r = pl.row_expand_div(e, s)
            stored = pl.store(r, [i, 0], [BLOCK, COLS], acc)
            acc = pl.yield_(stored)
        return acc
