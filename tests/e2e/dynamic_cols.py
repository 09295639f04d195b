# Dynamic row length: x and y are [16, N] with N = pl.dynamic("N") known
# only at run time, so the GlobalTensors' row stride is N, a DYNAMIC
# stride given when each is made (the offsets scale by it too, constant
# or not).  The kernel scales 64-column blocks in row halves: y = 2 x + 1.
import pypto.language as pl

N = pl.dynamic("N")
ROWS = 16
BLOCK = 64


@pl.program
class DynamicCols:
    @pl.function(type=pl.FunctionType.InCore)
    def dynamic_cols(
        self,
        x: pl.Tensor[[ROWS, N], pl.FP32],
        y: pl.Out[pl.Tensor[[ROWS, N], pl.FP32]],
    ) -> pl.Tensor[[ROWS, N], pl.FP32]:
        for j in pl.range(0, N, BLOCK):
            t = pl.load(x, [0, j], [ROWS // 2, BLOCK])
            u = pl.adds(pl.muls(t, 2.0), 1.0)
            y = pl.store(u, [0, j], y)
            for h in pl.range(1, 2):
                b = pl.load(x, [h * (ROWS // 2), j], [ROWS // 2, BLOCK])
                v = pl.adds(pl.muls(b, 2.0), 1.0)
                y = pl.store(v, [h * (ROWS // 2), j], y)
            w = pl.load(x, [ROWS // 2, j], [1, BLOCK])
            y = pl.store(w, [ROWS // 2, j], y)
            y = pl.store(pl.adds(pl.muls(w, 2.0), 1.0), [ROWS // 2, j], y)
        return y
