# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,convert_tensor_to_block_ops,simplify,verify,init_memref,memory_reuse,allocate_memory_addr --emit=pto
# Each scalar mistake is reported once, where it is: the lowering's walk
# checks every scalar expression before the printer is handed it
# (codegen/lower_scalar.c), and a variable whose definition failed says
# nothing more.  Without Legalize (not in this pipeline), which refuses
# both first:
#   f:  a scalar parameter of a type with no MLIR scalar type.  The printer
#       also said that g and h have that type, "data type FP8E4M3FN has no
#       MLIR scalar type" twice for each, and "a tile is used where a
#       scalar is expected" for f as an operand of adds (eight messages
#       more).
#   p:  '**', which PTO has no lowering for; q and the loop bound from it
#       say nothing more.
# tests/cpp/err_scalar_once.py is the same program for C++.
import pypto.language as pl


@pl.program
class ScalarsOnce:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], f: pl.Scalar[pl.FP8E4M3FN], n: pl.Scalar[pl.INT64],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        g = f + f
        h = g * g
        u = pl.adds(t, f)
        w = pl.muls(u, h)
        p = n ** 2
        q = p + 1
        for i in pl.range(0, q, 1):
            w = pl.adds(w, 1.0)
        r = pl.store(w, [0, 0], [16, 64], out)
        return r
