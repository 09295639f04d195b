# Calls of @pl.jit.incore and @pl.jit.inline functions with keyword
# arguments, in any order, mixed with positional ones (pypto-lib's DeepSeek V4 calls its attention kernel
# as sparse_attn_math(q=q_tile, sparse_kv=...)).
import pypto.language as pl

N = 64


@pl.jit.inline
def axpy(a: pl.Scalar[pl.FP32], x: pl.Tile[[1, N], pl.FP32], y: pl.Tile[[1, N], pl.FP32]):
    return pl.add(pl.mul(x, a), y)


@pl.jit.incore
def kernel(x: pl.Tensor[[1, N], pl.FP32], w: pl.Tensor[[1, N], pl.FP32], out: pl.Out[pl.Tensor[[1, N], pl.FP32]],
           scale: pl.Scalar[pl.FP32]):
    t = pl.load(x, [0, 0], [1, N])
    u = pl.load(w, [0, 0], [1, N])
    v = axpy(y=u, x=t, a=scale)
    out = pl.store(axpy(0.5, y=v, x=t), [0, 0], out)
    return out


@pl.jit
def entry(x: pl.Tensor[[1, N], pl.FP32], w: pl.Tensor[[1, N], pl.FP32], out: pl.Out[pl.Tensor[[1, N], pl.FP32]]):
    out = kernel(x, scale=2.0, out=out, w=w)
    return out
