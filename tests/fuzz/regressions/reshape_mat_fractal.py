# Found by fuzz_pipeline (issue 35): a reshape of a Mat tile lives in Mat
# (InitMemRef gives it its input's MemRef), but its type had no layout, so
# Legalize checked the rules of a Vec tile and the printers those of Mat:
# [2048] is not a whole number of 16x16 fractal boxes.  The reshape keeps
# its input's layout now, and Legalize reports it.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 128], pl.BF16], out: pl.Out[pl.Tensor[[16, 128], pl.BF16]]) -> pl.Tensor[[16, 128], pl.BF16]:
        m = pl.load(a, [0, 0], [16, 128], target_memory=pl.MemorySpace.Mat)
        flat = pl.tile.reshape(m, [2048])
        back = pl.tile.reshape(flat, [16, 128])
        r = pl.store(back, [0, 0], out)
        return r
