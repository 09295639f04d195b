# A matmul whose right operand is a Mat tile read as its transpose
# (pl.tile.transpose_view): Legalize moves it out of Mat into Right, as it
# moves the left operand into Left.  r = q @ k.T.
import pypto.language as pl


@pl.program
class MatmulTransposeView:
    @pl.function(type=pl.FunctionType.InCore)
    def qk(
        self,
        q: pl.Tensor[[16, 64], pl.FP32],
        k: pl.Tensor[[32, 64], pl.FP32],
        r: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        q_mat = pl.load(q, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        k_mat = pl.load(k, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        k_t = pl.tile.transpose_view(k_mat)
        s = pl.tile.matmul(q_mat, k_t)
        r = pl.store(s, [0, 0], r)
        return r
