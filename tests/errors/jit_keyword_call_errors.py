# Bad keyword arguments in calls of @pl.jit.incore and @pl.jit.inline
# functions and of program functions, and an out_dtype= of tiles that is
# not the accumulator's: each a located error.
import pypto.language as pl

N = 64


@pl.jit.inline
def axpy(a: pl.Scalar[pl.FP32], x: pl.Tile[[1, N], pl.FP32], y: pl.Tile[[1, N], pl.FP32]):
    return pl.add(pl.mul(x, a), y)


@pl.jit.incore
def kernel(x: pl.Tensor[[1, N], pl.FP32], out: pl.Out[pl.Tensor[[1, N], pl.FP32]]):
    t = pl.load(x, [0, 0], [1, N])
    a = axpy(2.0, t, y=t, x=t)
    b = axpy(2.0, x=t)
    c = axpy(2.0, t, t, z=t)
    d = axpy(2.0, t, t, t, y=t)
    out = pl.store(t, [0, 0], out)
    return out


@pl.jit
def entry(x: pl.Tensor[[1, N], pl.FP32], out: pl.Out[pl.Tensor[[1, N], pl.FP32]]):
    out = kernel(x, out=out)
    return out


@pl.program
class Methods:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[1, N], pl.FP32], out: pl.Out[pl.Tensor[[1, N], pl.FP32]]) -> pl.Tensor[[1, N], pl.FP32]:
        t = pl.load(x, [0, 0], [1, N])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[1, N], pl.FP32], out: pl.Out[pl.Tensor[[1, N], pl.FP32]]) -> pl.Tensor[[1, N], pl.FP32]:
        a = self.kernel(out=out, x=x)
        b = self.kernel(x, x=x)
        c = self.kernel(x, outs=out)
        return a


@pl.program
class Matmul:
    @pl.function(type=pl.FunctionType.InCore)
    def qk(self, q: pl.Tensor[[16, 64], pl.BF16], k: pl.Tensor[[64, 32], pl.BF16],
           s: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.move(pl.load(q, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        b = pl.move(pl.load(k, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        c = pl.matmul(a, b, out_dtype=pl.BF16)
        d = pl.matmul(a, b, out_dtype=3)
        return pl.store(c, [0, 0], s)
