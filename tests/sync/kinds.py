# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,init_memref,memory_reuse,insert_sync,allocate_memory_addr
# Only kernels are synchronised (passes.md 2, 5.7): the Orchestration
# function and the Opaque function that uses tensor ops (not a kernel)
# come out unchanged, with their loops and ifs and no bar_all; the
# Opaque function with only block ops is a kernel and gets its pairs.
import pypto.language as pl


@pl.program
class Kinds:
    @pl.function
    def opaque_kernel(self, x: pl.Tensor[[32, 64], pl.FP32],
                      out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        r = pl.relu(t)
        o = pl.store(r, [0, 0], [32, 64], out)
        return o

    @pl.function
    def opaque_tensor(self, x: pl.Tensor[[32, 64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[32, 64], pl.FP32]:
        y = pl.tensor.add(x, x)
        for i in pl.range(n):
            y = pl.tensor.mul(y, x)
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def relu(self, x: pl.Tensor[[32, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 64])
        r = pl.relu(t)
        o = pl.store(r, [0, 0], [32, 64], out)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32], y: pl.Out[pl.Tensor[[128, 64], pl.FP32]],
             n: pl.Scalar[pl.INT64]) -> pl.Tensor[[128, 64], pl.FP32]:
        for i in pl.range(0, 128, 32):
            xi = pl.view(x, [32, 64], [i, 0])
            yi = pl.view(y, [32, 64], [i, 0])
            if n > 0:
                yi_done = self.relu(xi, yi)
        return y
