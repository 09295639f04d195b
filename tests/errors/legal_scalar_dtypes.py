# pyptocc-flags: --emit=pto
# A kernel's scalars have a type in both outputs: i1 to i64, f16, bf16 and
# f32 in MLIR, their C++ types.  A scalar of another data type is refused
# by Legalize where the program brings it in (a parameter, a cast, a
# constant: a cast of one is folded), once: what is computed from it is
# not reported again.  The PTO printer reported its uses ("data type
# FP8E4M3FN has no MLIR scalar type", "a tile is used where a scalar is
# expected"): 17 messages for this program, the C++ printer 5.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[16, 64], pl.FP32], s: pl.Scalar[pl.FP8E4M3FN], n: pl.Scalar[pl.INT64],
      o: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    t = pl.load(x, [0, 0], [16, 64])
    c = s
    f = pl.cast(c, pl.FP32)
    h = pl.cast(n, pl.FP8E5M2)
    g = h + h
    q = pl.cast(3, pl.INT4)
    u = pl.muls(t, f + pl.cast(g, pl.FP32) + pl.cast(q, pl.FP32))
    r = pl.store(u, [0, 0], [16, 64], o)
    return r
