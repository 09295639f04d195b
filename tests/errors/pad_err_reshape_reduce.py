# pyptocc-flags: --emit=pto
# Narrow tiles held padded to whole 32-byte rows, where an instruction
# cannot take them (Legalize says so; the lowering relies on it): a
# reshape renames a tile's bytes, but a [16, 2] FP32 tile (held as
# [16, 8]) has its elements 32 bytes apart row to row, not where a
# [1, 32] tile has them; and a row reduction into a column vector [4, 1]
# (held as [8, 1]) of fewer rows than it is laid out in, which pto-isa's
# CPU TROWSUM (and the runtime's row reductions) refuse.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 2], pl.FP32], w: pl.Tensor[[4, 12], pl.FP32], y: pl.Out[pl.Tensor[[1, 32], pl.FP32]],
      z: pl.Out[pl.Tensor[[4, 1], pl.FP32]]) -> pl.Tensor[[1, 32], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 2])
    u = pl.reshape(t, [1, 32])
    s = pl.load(w, [0, 0], [4, 12])
    tmp = pl.create_tile([4, 12], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
    r = pl.row_sum(s, tmp)
    z = pl.store(r, [0, 0], [4, 1], z)
    out = pl.store(u, [0, 0], y)
    return out
