# pyptocc-flags: --arch=a5
# Ops whose operands the deduction promoted to a wider result type
# (muls of a BF16 tile by a float is FP32; a row_expand_add of an FP32 tile
# and an FP16 column is FP32): the instructions convert nothing (PTOAS: one
# element type for src and dst), so Legalize converts the narrower operands
# first.  On A2/A3 the widening of BF16 happened to do it; on A5, which
# takes BF16, the MLIR was rejected.  Found by fuzz_pipeline's MLIR oracle.
import pypto.language as pl


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def scaled(self, x: pl.Tensor[[16, 64], pl.BF16], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        v = pl.muls(t, 0.5)
        r = pl.store(v, [0, 0], [16, 64], y)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def shifted(self, x: pl.Tensor[[64, 64], pl.FP32], h: pl.Tensor[[64, 1], pl.FP16],
                y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        c = pl.load(h, [0, 0], [64, 1])
        u = pl.row_expand_add(t, c)
        r = pl.store(u, [0, 0], [64, 64], y)
        return r
