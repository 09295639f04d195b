# Scalar parameters of an Orchestration function (issue 11): the C++
# orchestration takes them in argument slots after the tensors (pyptocc;
# spec/cpp.md 6.2 says the reference ignores them and pyptocc refused
# them), decoded from their 64 bits: an FP32 from its low 32 bits, an
# INT64, a BOOL.  They drive a for loop with a run-time trip count, a
# while loop (pyptocc; cpp.md 6.2 has for and if only), an if, and a task
# argument.  With alpha, n and twice given by the reference:
#     acc = alpha * x;  n times, and once per k = 1, 2, 4, ... below n:
#     acc = acc + alpha * x;  if twice: acc = acc + acc
import pypto.language as pl

R = 16
C = 64


@pl.program
class OrchScalar:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel_scale(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        alpha: pl.Scalar[pl.FP32],
        out: pl.Out[pl.Tensor[[R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        t = pl.load(x, [0, 0], [R, C])
        r = pl.store(pl.muls(t, alpha), [0, 0], [R, C], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def kernel_axpy(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        alpha: pl.Scalar[pl.FP32],
        acc: pl.InOut[pl.Tensor[[R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        tx = pl.load(x, [0, 0], [R, C])
        ta = pl.load(acc, [0, 0], [R, C])
        r = pl.store(pl.add(ta, pl.muls(tx, alpha)), [0, 0], [R, C], acc)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def kernel_double(
        self,
        acc: pl.InOut[pl.Tensor[[R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        ta = pl.load(acc, [0, 0], [R, C])
        r = pl.store(pl.add(ta, ta), [0, 0], [R, C], acc)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch_scalar(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        alpha: pl.Scalar[pl.FP32],
        n: pl.Scalar[pl.INT64],
        twice: pl.Scalar[pl.BOOL],
    ) -> pl.Tensor[[R, C], pl.FP32]:
        acc = pl.create_tensor([R, C], dtype=pl.FP32)
        acc = self.kernel_scale(x, alpha, acc)
        for i in pl.range(n):
            acc = self.kernel_axpy(x, alpha, acc)
        k: pl.Scalar[pl.INT64] = 1
        while k < n:
            acc = self.kernel_axpy(x, alpha, acc)
            k = k * 2
        if twice:
            acc = self.kernel_double(acc)
        return acc
