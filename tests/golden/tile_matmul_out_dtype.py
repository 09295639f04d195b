# pl.matmul of tiles with out_dtype=: pypto's unified op takes the tensor
# form's keyword on tiles where it names the accumulator's dtype (FP32 for
# float operands), as pypto-lib's DeepSeek V4 attention writes it.
import pypto.language as pl


@pl.program
class Scores:
    @pl.function(type=pl.FunctionType.InCore)
    def qk(self, q: pl.Tensor[[16, 64], pl.BF16], k: pl.Tensor[[64, 32], pl.BF16],
           s: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.load(q, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        b = pl.load(k, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat)
        a0 = pl.move(a, target_memory=pl.MemorySpace.Left)
        b0 = pl.move(b, target_memory=pl.MemorySpace.Right)
        c = pl.matmul(a0, b0, out_dtype=pl.FP32)
        return pl.store(c, [0, 0], s)
