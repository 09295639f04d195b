# pyptocc-flags: --emit=pto
# A reshape names its input's bytes in its input's storage: a reshaped Mat
# tile is a Mat tile, whose fractal layout takes whole 16x16 boxes (of
# 2-byte elements).  [32, 64] is; [2, 1024] (two rows) is held padded to
# whole boxes, [16, 1024], so the reshape into it, and back from it, would
# move elements: errors at the reshapes (the printers used to find the
# shape, checking Mat's layout where Legalize had checked Vec's; issue 35).
# (One row, [1, 2048], is a Mat tile pto-isa and PTOAS take: a bias row's.)
import pypto.language as pl


@pl.program
class Reshapes:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 128], pl.BF16], out: pl.Out[pl.Tensor[[16, 128], pl.BF16]]) -> pl.Tensor[[16, 128], pl.BF16]:
        m = pl.load(a, [0, 0], [16, 128], target_memory=pl.MemorySpace.Mat)
        square = pl.tile.reshape(m, [32, 64])
        flat = pl.tile.reshape(square, [2, 1024])
        back = pl.tile.reshape(flat, [16, 128])
        return pl.store(back, [0, 0], out)
