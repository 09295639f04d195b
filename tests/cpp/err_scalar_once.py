# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,convert_tensor_to_block_ops,simplify,verify,init_memref,memory_reuse,allocate_memory_addr --emit=cpp
# Each scalar mistake is reported once, where it is: the lowering's walk
# checks every scalar expression before the printer is handed it
# (codegen/lower_scalar.c), and a variable whose definition failed says
# nothing more.  Without Legalize (not in this pipeline), which refuses
# both first:
#   f:  a scalar parameter of a type with no C++ type.  The printer also
#       said that g and h, computed from it, have that type (two messages
#       more); the runtime's DataType is the orchestration table's check.
#   p:  '**' is std::pow in C++: no error.
# tests/pto/pto_err_scalar_once.py is the same program for PTO, which
# reports f in the same way.
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
