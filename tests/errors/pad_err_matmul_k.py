# pyptocc-flags: --emit=pto
# Cube tiles are held padded to whole fractal boxes (a [4, 128] BF16 Mat
# tile as [16, 128]), which serves M and N; a K that is not whole 32-byte
# box columns would have the cube sum the padding of both operands into
# the product, so such a matmul is an error where it is: K = 8 of BF16
# (16 a box), K = 2 of FP32 (8 a box).  K = 128 of BF16 with M = 4 and
# N = 8 is held padded and accepted.
import pypto.language as pl


@pl.program
class PartialK:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[4, 8], pl.BF16], b: pl.Tensor[[8, 32], pl.BF16],
          f: pl.Tensor[[4, 2], pl.FP32], g: pl.Tensor[[2, 16], pl.FP32],
          x: pl.Tensor[[4, 128], pl.BF16], w: pl.Tensor[[128, 8], pl.BF16],
          y: pl.Out[pl.Tensor[[4, 32], pl.FP32]], z: pl.Out[pl.Tensor[[4, 16], pl.FP32]],
          u: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 32], pl.FP32]:
        am = pl.load(a, [0, 0], [4, 8], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [8, 32], target_memory=pl.MemorySpace.Mat)
        fm = pl.load(f, [0, 0], [4, 2], target_memory=pl.MemorySpace.Mat)
        gm = pl.load(g, [0, 0], [2, 16], target_memory=pl.MemorySpace.Mat)
        xm = pl.load(x, [0, 0], [4, 128], target_memory=pl.MemorySpace.Mat)
        wm = pl.load(w, [0, 0], [128, 8], target_memory=pl.MemorySpace.Mat)
        p = pl.matmul(am, bm)
        q = pl.matmul(fm, gm)
        r = pl.matmul(xm, wm)
        pl.store(q, [0, 0], z)
        pl.store(r, [0, 0], u)
        return pl.store(p, [0, 0], y)
