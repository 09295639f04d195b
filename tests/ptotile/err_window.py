# Loads and stores: windows of the tensor's rank, the whole tile stored,
# static tile shapes, tensors of rank 1 or more.  (A static window past
# the tensor's edge is the front end's error: tests/errors/window_past_edge.)
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Window:
    @pl.function(type=pl.FunctionType.InCore)
    def window(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
               o1: pl.Out[pl.Tensor[[64], pl.FP32]], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.load(a, [0, 0], [64, 64])
        dyn = pl.load(a, [0, 0], [n, 64])
        r = pl.store(t, [0, 0], [64, 64], out)
        r2 = pl.store(u, [0, 0], [32, 64], out)
        r3 = pl.store(dyn, [0, 0], [64, 64], r2)
        flat = pl.load(a, [0], [64])
        r4 = pl.store(u, [0], [64], out)
        r5 = pl.store(flat, [0], [64], o1)
        return r3
