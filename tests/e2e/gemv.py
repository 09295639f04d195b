# Matrix-vector products: gemv, gemv_acc after it, and gemv_bias, of [1, K]
# vectors loaded into Mat.  PTOAS and pto-isa take the vector as a Left tile
# of 16 rows with one valid row, so Legalize loads it into such a tile and
# multiplies (legalize_gemv.c); the results' one valid row is stored.
import pypto.language as pl

K = 64
N = 32


@pl.program
class Gemv:
    @pl.function(type=pl.FunctionType.InCore)
    def gemv(
        self,
        x: pl.Tensor[[1, K], pl.FP16],
        y: pl.Tensor[[1, K], pl.FP16],
        w: pl.Tensor[[K, N], pl.FP16],
        bias: pl.Tensor[[1, N], pl.FP32],
        o_acc: pl.Out[pl.Tensor[[1, N], pl.FP32]],
        o_bias: pl.Out[pl.Tensor[[1, N], pl.FP32]],
    ) -> pl.Tensor[[1, N], pl.FP32]:
        xm = pl.load(x, [0, 0], [1, K], target_memory=pl.MemorySpace.Mat)
        ym = pl.load(y, [0, 0], [1, K], target_memory=pl.MemorySpace.Mat)
        wm = pl.load(w, [0, 0], [K, N], target_memory=pl.MemorySpace.Mat)
        xl = pl.move(xm, target_memory=pl.MemorySpace.Left)
        wr = pl.move(wm, target_memory=pl.MemorySpace.Right)
        p = pl.gemv(xl, wr)
        yl = pl.move(ym, target_memory=pl.MemorySpace.Left)
        q = pl.gemv_acc(p, yl, wr)
        r1 = pl.store(q, [0, 0], o_acc)
        x2 = pl.load(x, [0, 0], [1, K], target_memory=pl.MemorySpace.Mat)
        w2 = pl.load(w, [0, 0], [K, N], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(bias, [0, 0], [1, N], target_memory=pl.MemorySpace.Mat)
        b = pl.gemv_bias(x2, w2, bm)
        r2 = pl.store(b, [0, 0], o_bias)
        return r1
