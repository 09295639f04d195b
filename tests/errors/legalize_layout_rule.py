# pyptocc-flags: --emit=pto
# Legalize checks pto-isa's static layout rules where the tile is defined:
# a column vector [M, 1] is col_major, so M elements must be a multiple of
# 32 bytes; a row-major row likewise.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[4, 12], pl.FP32], y: pl.Out[pl.Tensor[[4, 12], pl.FP32]]) -> pl.Tensor[[4, 12], pl.FP32]:
    t = pl.load(x, [0, 0], [4, 12])
    tmp = pl.create_tile([4, 12], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
    s = pl.row_sum(t, tmp)
    u = pl.row_expand_add(t, s)
    out = pl.store(u, [0, 0], [4, 12], y)
    return out
