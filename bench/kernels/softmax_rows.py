# bench/cycles: row-wise softmax of a 256x64 FP32 tensor in eight blocks of
# 32 rows, one loop iteration per block:
#   y[i, :] = exp(x[i, :] - max_i) / sum_i
import pypto.language as pl

ROWS = 256
COLS = 64
BLOCK = 32


@pl.program
class SoftmaxRows:
    @pl.function(type=pl.FunctionType.InCore)
    def softmax_rows(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        for i, (acc,) in pl.range(0, ROWS, BLOCK, init_values=(y,)):
            t = pl.load(x, [i, 0], [BLOCK, COLS])
            tmp = pl.create_tile([BLOCK, COLS], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            m = pl.row_max(t, tmp)
            e = pl.exp(pl.row_expand_sub(t, m))
            s = pl.row_sum(e, tmp)
            r = pl.row_expand_div(e, s)
            stored = pl.store(r, [i, 0], [BLOCK, COLS], acc)
            acc = pl.yield_(stored)
        return acc

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        y_ret = self.softmax_rows(x, y)
        return y_ret
