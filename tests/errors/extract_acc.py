# pyptocc-flags: --emit=pto
# On a2a3 TEXTRACT out of Acc converts FP32 to FP16 or BF16 only (PTOAS's
# textract verifier), and pl.tile.extract keeps the element type: a
# located error, where a5 takes it.
import pypto.language as pl


@pl.program
class AccWindow:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
          c: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        am = pl.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        bm = pl.load(b, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        p = pl.matmul(pl.move(am, target_memory=pl.MemorySpace.Left), pl.move(bm, target_memory=pl.MemorySpace.Right))
        q = pl.tile.extract(p, 0, 16, [16, 16], target_memory=pl.MemorySpace.Mat)
        return pl.store(q, [0, 0], c)
