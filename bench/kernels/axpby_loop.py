# bench/cycles: an element-wise kernel without an orchestration function,
# run directly: y = relu(a * x + b) over a 1024x64 FP32 tensor in sixteen
# 64x64 tiles, a scalar parameter a, one loop iteration per tile.
import pypto.language as pl

ROWS = 1024
COLS = 64
TILE = 64


@pl.program
class AxpbyLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def axpby_loop(
        self,
        x: pl.Tensor[[ROWS, COLS], pl.FP32],
        b: pl.Tensor[[ROWS, COLS], pl.FP32],
        a: pl.Scalar[pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        for i, (acc,) in pl.range(0, ROWS, TILE, init_values=(y,)):
            tx = pl.load(x, [i, 0], [TILE, COLS])
            tb = pl.load(b, [i, 0], [TILE, COLS])
            r = pl.relu(pl.add(pl.muls(tx, a), tb))
            stored = pl.store(r, [i, 0], [TILE, COLS], acc)
            acc = pl.yield_(stored)
        return acc
