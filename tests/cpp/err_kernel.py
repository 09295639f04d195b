# pyptocc-flags: --emit=cpp --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# What the C++ emitter checks in kernels, each a located error: operands of
# another shape or data type
# than the result (an FP32 literal promotes an FP16 tile's result to FP32;
# pto-isa does not convert); a store of a mask's whole tile (its valid part is
# C/8 bytes a row); a reduction without
# keepdim; a store of rank 3; a loop counting down (its tensor's row
# stride N, known only at run time, is a DYNAMIC GlobalTensor stride, no
# error).  (A kernel with both M and V pipe ops is tests/cpp/err_mixed.py:
# Verify rejects it.)
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class KernelChecks:
    @pl.function(type=pl.FunctionType.InCore)
    def types(self, a: pl.Tensor[[16, 64], pl.FP16], v: pl.Tensor[[16, 1], pl.FP16], w: pl.Tensor[[16, 64, 2], pl.FP16],
              out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], h: pl.Out[pl.Tensor[[16, 64], pl.FP16]],
              s: pl.Out[pl.Tensor[[64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        tv = pl.load(v, [0, 0], [16, 1])
        bad_shape = pl.add(t, tv)
        bad_type = pl.muls(t, 0.5)
        mask = pl.block.cmp(t, t, cmp_type=1)
        no_keep = pl.block.sum(t, axis=0)
        r = pl.store(bad_type, [0, 0], [16, 64], out)
        r1 = pl.store(bad_shape, [0, 0], [16, 64], h)
        r2 = pl.store(mask, [0, 0], [16, 64], h)
        r3 = pl.store(t, [0, 0, 0], [16, 64, 1], w)
        r4 = pl.store(no_keep, [0], [64], s)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def strides(self, a: pl.Tensor[[64, N], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(48, 0, -16, init_values=(out,)):
            t = pl.load(a, [i, 0], [16, 64])
            acc = pl.yield_(pl.store(t, [i, 0], [16, 64], acc))
        return acc

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        return a
