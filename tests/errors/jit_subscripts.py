# Bad forms of the @pl.jit family and of subscripts: each a located error.
import pypto.language as pl

N = 64


@pl.jit.incore
def k(x: pl.Tensor[[N, N], pl.FP32], out: pl.Out[pl.Tensor[[N, N], pl.FP32]]):
    t = pl.load(x, [0, 0], [16, 16])
    out = pl.store(t, [0, 0], out)
    return out


@pl.jit.incore
def loops(x: pl.Tensor[[N, N], pl.FP32]):
    y = loops(x)
    return y


@pl.jit
def other(x: pl.Tensor[[N, N], pl.FP32]):
    return x


@pl.jit.host(level=pl.Level.CHIP)
def host(x: pl.Tensor[[N, N], pl.FP32]):
    return x


@pl.jit.extern(core_type="aiv")
def ext(x):
    pass


@pl.jit.fancy
def fancy(x):
    pass


@pl.jit
def entry(x: pl.Tensor[[N, N], pl.FP32], out: pl.Out[pl.Tensor[[N, N], pl.FP32]], i: pl.Scalar[pl.INDEX],
          v: pl.Out[pl.Tensor[[N, N], pl.FP32]], v2: pl.Out[pl.Tensor[[N, N], pl.FP32]],
          v3: pl.Out[pl.Tensor[[N, N], pl.FP32]]):
    out = k(x, out, x)
    out = k(x, outs=out)
    y = other(x)
    z = loops(x)
    with pl.at(level=pl.Level.CORE_GROUP):
        a = x[0:80, :]
        b = x[:, 60:70]
        c = x[0:64:2, :]
        d = x[-1, 0]
        e = x[1, 2, 3]
        f = x[64]
        g = x[8:4, :]
        h = x[i : i + 16, "a"]
        v[0:16, 0:16] = x[0:16, 0:8]
        v2[0:16] = 1.0
        v3[0, 0] = x
        t = pl.load(x, [0, 0], [16, 16])
        t[0:8, :] = t
    return v
