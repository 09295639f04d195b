# pyptocc-flags: --passes=default,legalize
# Legalize runs each op in an element type its instruction takes on the
# target (PTOAS a56b18c3's verifiers; A2/A3 here), converting where the
# result is the same:
# - BF16 arithmetic, which A2/A3 lacks, in FP32, rounded back once
#   (rint); a row reduction's tmp is a new FP32 scratch tile;
# - INT8 maximum and bitwise AND on their INT32 extensions (exact);
# - |x| of integers, which A2/A3 lacks, as max(x, -x);
# - maxs and mins of integers, which PTOAS's level-3 lowering fails on
#   ("ins/outs are not memref yet"), as maximum/minimum with the scalar
#   broadcast by expands;
# - prelu's scratch, which A2/A3 wants of UINT8 elements.
import pypto.language as pl


@pl.program
class Dtypes:
    @pl.function(type=pl.FunctionType.InCore)
    def bf16(self, x: pl.Tensor[[16, 64], pl.BF16], y: pl.Out[pl.Tensor[[16, 64], pl.BF16]]) -> pl.Tensor[[16, 64], pl.BF16]:
        t = pl.load(x, [0, 0], [16, 64])
        u = pl.add(t, t)
        v = pl.muls(u, 0.5)
        r = pl.store(v, [0, 0], [16, 64], y)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def ints(self, a: pl.Tensor[[16, 64], pl.INT8], b: pl.Tensor[[16, 64], pl.INT32],
             c: pl.Out[pl.Tensor[[16, 64], pl.INT8]], d: pl.Out[pl.Tensor[[16, 64], pl.INT32]]) -> pl.Tensor[[16, 64], pl.INT32]:
        ta = pl.load(a, [0, 0], [16, 64])
        m = pl.maximum(ta, ta)
        n = pl.and_(m, ta)
        r1 = pl.store(n, [0, 0], [16, 64], c)
        tb = pl.load(b, [0, 0], [16, 64])
        ab = pl.abs(tb)
        mx = pl.maxs(ab, pl.const(7, pl.INT32))
        mn = pl.mins(mx, pl.const(100, pl.INT32))
        r2 = pl.store(mn, [0, 0], [16, 64], d)
        return r2

    @pl.function(type=pl.FunctionType.InCore)
    def prelu(self, x: pl.Tensor[[16, 64], pl.FP32], s: pl.Tensor[[16, 64], pl.FP32],
              y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        sl = pl.load(s, [0, 0], [16, 64])
        tmp = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        p = pl.prelu(t, sl, tmp)
        r = pl.store(p, [0, 0], [16, 64], y)
        return r
