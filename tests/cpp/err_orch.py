# pyptocc-flags: --emit=cpp --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# What orchestration code cannot express (cpp.md 6.2), each a located
# error: a BF16 scalar parameter (a scalar argument is 64 bits that hold an
# integer or an FP32; the FP32 parameter s is taken); a returned tensor
# that is a view (no buffer of its own to be an argument); a tensor op
# other than create, view, reshape, read, write and dim (a transpose: the Orchestration
# function may hold it, and C++ cannot express it yet); a call of a function that is not
# a kernel; an FP16 scalar task argument (the kernel reads 64 bits as its
# parameter's type; the runtime passes FP32 and integers).  The while loop
# is emitted (pyptocc; cpp.md 6.2 has for and if).
import pypto.language as pl


@pl.program
class OrchErrors:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP16], h: pl.Scalar[pl.FP16], n: pl.Scalar[pl.INT64],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        t = pl.load(a, [0, 0], [16, 64])
        t2 = pl.adds(t, h)
        t3 = pl.adds(t2, pl.cast(n, pl.FP16))
        r = pl.store(t3, [0, 0], [16, 64], out)
        return r

    @pl.function
    def helper(self, a: pl.Tensor[[16, 64], pl.FP16]) -> pl.Tensor[[16, 64], pl.FP16]:
        b = pl.mul(a, a)
        return b

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 64], pl.FP16], s: pl.Scalar[pl.FP32],
             b: pl.Scalar[pl.BF16]) -> pl.Tensor[[16, 64], pl.FP16]:
        o = pl.create_tensor([16, 64], dtype=pl.FP16)
        top = pl.view(a, [16, 64], [0, 0])
        sum2 = pl.transpose(pl.transpose(top, 0, 1), 0, 1)
        twice = self.helper(sum2)
        h: pl.Scalar[pl.FP16] = pl.cast(s, pl.FP16)
        o = self.k(twice, h, 2, o)
        i: pl.Scalar[pl.INT64] = 0
        while i < 4:
            i = i + 1
        bottom = pl.view(a, [16, 64], [16, i])
        return bottom
