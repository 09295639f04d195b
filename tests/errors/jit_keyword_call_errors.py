# Bad keyword arguments in calls of @pl.jit.incore and @pl.jit.inline
# functions: each a located error.
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
