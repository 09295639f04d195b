# Moves outside seed 05's TMOV family (m2l, m2r, m2b, m2s, a2v, v2v), and
# transposing moves.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Moves:
    @pl.function(type=pl.FunctionType.InCore)
    def moves(self, a: pl.Tensor[[64, 64], pl.FP16], out: pl.Out[pl.Tensor[[64, 64], pl.FP16]]) -> pl.Tensor[[64, 64], pl.FP16]:
        v = pl.load(a, [0, 0], [64, 64])
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        to_mat = pl.move(v, target_memory=pl.MemorySpace.Mat)
        left_t = pl.move(m, target_memory=pl.MemorySpace.Left, transpose=True)
        r = pl.store(to_mat, [0, 0], [64, 64], out)
        r2 = pl.store(left_t, [0, 0], [64, 64], r)
        return r2
