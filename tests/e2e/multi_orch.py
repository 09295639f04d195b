# pyptocc-flags: --entry=staged
# Two Orchestration functions in one program, as the reference builds
# them: each is a build of its own (--entry=NAME picks one for C++;
# --output-dir writes DIR/next_levels/NAME/).  Both compute
# out = (a + b) * 2, one with a fused kernel, one with two kernels through
# an intermediate tensor; tests/cli.test builds the other one.  (No kernel
# is named double: PTOAS's C++ keeps a kernel's name, and double is a C++
# keyword.)
import pypto.language as pl

R = 32
C = 64


@pl.program
class TwoWays:
    @pl.function(type=pl.FunctionType.InCore)
    def add_double(self, a: pl.Tensor[[R, C], pl.FP32], b: pl.Tensor[[R, C], pl.FP32],
                   out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        x = pl.load(a, [0, 0], [R, C])
        y = pl.load(b, [0, 0], [R, C])
        out = pl.store(pl.mul(pl.add(x, y), 2.0), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def add(self, a: pl.Tensor[[R, C], pl.FP32], b: pl.Tensor[[R, C], pl.FP32],
            out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        x = pl.load(a, [0, 0], [R, C])
        y = pl.load(b, [0, 0], [R, C])
        out = pl.store(pl.add(x, y), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, s: pl.Tensor[[R, C], pl.FP32],
               out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        x = pl.load(s, [0, 0], [R, C])
        out = pl.store(pl.add(x, x), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def fused(self, a: pl.Tensor[[R, C], pl.FP32], b: pl.Tensor[[R, C], pl.FP32],
              out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        out = self.add_double(a, b, out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def staged(self, a: pl.Tensor[[R, C], pl.FP32], b: pl.Tensor[[R, C], pl.FP32],
               out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        s = pl.create_tensor([R, C], dtype=pl.FP32)
        s = self.add(a, b, s)
        out = self.twice(s, out)
        return out
