# pyptocc-flags: --emit=pto
# Transfers no output has a form of, reported by Legalize at the call for
# every output (the emitters used to find them, each in its own words, and
# only for the output they printed; the fuzz corpus reached the store):
# a store of rank 3 (the tile transfers are 2-D), and a move to Right with
# transpose=True, as the reference's paged-attention QK kernel writes for K
# (TMOV copies; the transposed operand needs a DN load into Mat, which
# pyptocc does not plan); an NZ tensor parameter (reported at the
# parameter, for every output; the emitters found it at its first load);
# a compare's packed mask stored as FP32 (a conversion reads equal valid
# shapes, and the mask's is C/8 bytes a row); an op neither
# output has a form of (gemv: the op table's reason, once for both).
import pypto.language as pl


@pl.program
class Transfers:
    @pl.function(type=pl.FunctionType.InCore)
    def rank3(self, a: pl.Tensor[[16, 64], pl.FP32],
              c: pl.Out[pl.Tensor[[4, 16, 64], pl.FP32]]) -> pl.Tensor[[4, 16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        return pl.store(t, [0, 0, 0], [1, 16, 64], c)

    @pl.function(type=pl.FunctionType.InCore)
    def qk(self, q: pl.Tensor[[16, 64], pl.FP16], k: pl.Tensor[[64, 64], pl.FP16],
           s: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        qm = pl.load(q, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        km = pl.load(k, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        ql = pl.block.move(qm, target_memory=pl.MemorySpace.Left)
        kr = pl.block.move(km, target_memory=pl.MemorySpace.Right, transpose=True)
        acc = pl.block.matmul(ql, kr)
        return pl.store(acc, [0, 0], [16, 64], s)

    @pl.function(type=pl.FunctionType.InCore)
    def nz(self, x: pl.Tensor[[64, 64], pl.FP16, pl.NZ],
           o: pl.Out[pl.Tensor[[64, 64], pl.FP16]]) -> pl.Tensor[[64, 64], pl.FP16]:
        a = pl.load(x, [0, 0], [64, 64])
        return pl.store(a, [0, 0], [64, 64], o)

    @pl.function(type=pl.FunctionType.InCore)
    def mask(self, x: pl.Tensor[[16, 64], pl.FP32],
             o: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        a = pl.load(x, [0, 0], [16, 64])
        m = pl.block.cmp(a, a, cmp_type=2)
        return pl.store(m, [0, 0], [16, 64], o)

    @pl.function(type=pl.FunctionType.InCore)
    def gemv(self, a: pl.Tensor[[16, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16],
             o: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        am = pl.load(a, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        al = pl.block.move(am, target_memory=pl.MemorySpace.Left)
        br = pl.block.move(bm, target_memory=pl.MemorySpace.Right)
        c = pl.block.gemv(al, br)
        return pl.store(c, [0, 0], [16, 64], o)
