# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# A yield fix-up that needs a copy outside Vec, or between spaces, is an
# error (pl.block.vec_move copies only Vec tiles):
#  - acc: the else branch yields c, defined before the if and read after
#    it, for an Acc return variable (so the then branch's product cannot
#    be written into c's storage);
#  - spaces: the then branch yields a Vec tile, so the return variable is
#    in Vec, but the else branch yields a Mat tile.
import pypto.language as pl


@pl.program
class CopyErrors:
    @pl.function(type=pl.FunctionType.InCore)
    def acc(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
            out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        am = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        al = pl.move(am, target_memory=pl.MemorySpace.Left)
        br = pl.move(bm, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(al, br)
        if n > 0:
            r = pl.matmul(al, br)
        else:
            r = c
        s = pl.l0c_store(r, [0, 0], [64, 64], out)
        s2 = pl.l0c_store(c, [0, 0], [64, 64], s)
        return s2

    @pl.function(type=pl.FunctionType.InCore)
    def spaces(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
               n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        if n > 0:
            t = pl.load(a, [0, 0], [64, 64])
        else:
            t = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        s = pl.store(t, [0, 0], [64, 64], out)
        return s
