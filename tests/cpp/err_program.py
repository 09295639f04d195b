# pyptocc-flags: --emit=cpp --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# Without an Orchestration function the translation unit runs each kernel
# on arguments of its own (tests/e2e/multi_kernel.py); each kernel is
# checked like any other: here the second cannot be emitted.
import pypto.language as pl


@pl.program
class TwoKernels:
    @pl.function(type=pl.FunctionType.InCore)
    def first(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        r = pl.store(t, [0, 0], [16, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def second(self, a: pl.Tensor[[16, 64], pl.FP16], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        u = pl.muls(t, 2.0)
        r = pl.store(u, [0, 0], [16, 64], out)
        return r
