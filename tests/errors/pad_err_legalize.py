# pyptocc-flags: --emit=pto
# Narrow tiles are held padded to whole 32-byte rows (a [16, 4] FP32 tile
# as [16, 8]); the paths that cannot take such a tile say so where it is
# used: a conversion between element types that pad the shape differently
# (PTOAS's tcvt wants one laid-out shape), also where the target runs an
# op in a wider type; an element read or written at a flat offset of a
# padded tile of several rows; a gather into a padded result (PTOAS's
# tgather writes whole rows); a select whose rows are not whole bytes of
# the compare mask (pto-isa's TSEL and TCMP disagree there).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(x: pl.Tensor[[16, 4], pl.FP32], src: pl.Tensor[[4, 16], pl.FP32], idx: pl.Tensor[[4, 3], pl.INT32],
      b: pl.Tensor[[16, 8], pl.BF16], y: pl.Out[pl.Tensor[[16, 4], pl.FP16]],
      z: pl.Out[pl.Tensor[[4, 3], pl.FP32]], eo: pl.Out[pl.Tensor[[16, 8], pl.BF16]],
      uo: pl.Out[pl.Tensor[[16, 4], pl.FP32]]) -> pl.Tensor[[16, 4], pl.FP16]:
    t = pl.load(x, [0, 0], [16, 4])
    h = pl.cast(t, pl.FP16)
    bt = pl.load(b, [0, 0], [16, 8])
    e = pl.exp(bt)
    v = pl.tile.read(t, [2, 1])
    t2 = pl.tile.write(t, [1, 2], v)
    s = pl.tile.load(src, [0, 0], [4, 16], target_memory=pl.Mem.Vec)
    i = pl.tile.load(idx, [0, 0], [4, 3], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([4, 3], dtype=pl.INT32, target_memory=pl.Mem.Vec)
    g = pl.tile.gather(s, i, tmp)
    m = pl.tile.cmps(t2, 0.0, cmp_type=4)
    u = pl.tile.sel(m, t2, t)
    z = pl.store(g, [0, 0], z)
    eo = pl.store(e, [0, 0], eo)
    uo = pl.store(u, [0, 0], uo)
    out = pl.store(h, [0, 0], y)
    return out
