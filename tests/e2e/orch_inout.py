# Orchestration with an INOUT tensor parameter, FP16 intermediate tensors,
# integer and float scalar task arguments (a loop variable, a value read
# from an INT64 tensor at a computed index, a constant, an if's result), a
# kernel returning two tensors (a tuple unpacked by the caller), and
# tensor.dim.  Per 32-row block i of x:
#     h[i]   = fp16(x[i] * k + 1)              (k = cfg[0, i / 32])
#     acc[i] = acc[i] + float(h[i]) * f         (acc is INOUT)
# then lo, hi = min(acc[0:32], 0), max(acc[0:32], 0), and
# lo2 = lo * m, m = 2 if the sum of k over the blocks > 0 else -1.
import pypto.language as pl

N = 128
D = 64
BLOCK = 32


@pl.program
class OrchInout:
    @pl.function(type=pl.FunctionType.InCore)
    def to_half(
        self,
        x: pl.Tensor[[BLOCK, D], pl.FP32],
        k: pl.Scalar[pl.INT64],
        out: pl.Out[pl.Tensor[[BLOCK, D], pl.FP16]],
    ) -> pl.Tensor[[BLOCK, D], pl.FP16]:
        t = pl.load(x, [0, 0], [BLOCK, D])
        kf: pl.Scalar[pl.FP32] = pl.cast(k, pl.FP32)
        u = pl.adds(pl.muls(t, kf), 1.0)
        h = pl.cast(u, target_type=pl.FP16, mode="rint")
        return pl.store(h, [0, 0], [BLOCK, D], out)

    @pl.function(type=pl.FunctionType.InCore)
    def accumulate(
        self,
        h: pl.Tensor[[BLOCK, D], pl.FP16],
        f: pl.Scalar[pl.FP32],
        acc: pl.InOut[pl.Tensor[[BLOCK, D], pl.FP32]],
    ) -> pl.Tensor[[BLOCK, D], pl.FP32]:
        th = pl.cast(pl.load(h, [0, 0], [BLOCK, D]), target_type=pl.FP32)
        ta = pl.load(acc, [0, 0], [BLOCK, D])
        r = pl.add(ta, pl.muls(th, f))
        return pl.store(r, [0, 0], [BLOCK, D], acc)

    @pl.function(type=pl.FunctionType.InCore)
    def split(
        self,
        x: pl.Tensor[[BLOCK, D], pl.FP32],
        lo: pl.Out[pl.Tensor[[BLOCK, D], pl.FP32]],
        hi: pl.Out[pl.Tensor[[BLOCK, D], pl.FP32]],
    ) -> tuple[pl.Tensor[[BLOCK, D], pl.FP32], pl.Tensor[[BLOCK, D], pl.FP32]]:
        t = pl.load(x, [0, 0], [BLOCK, D])
        r1 = pl.store(pl.mins(t, 0.0), [0, 0], [BLOCK, D], lo)
        r2 = pl.store(pl.maxs(t, 0.0), [0, 0], [BLOCK, D], hi)
        return r1, r2

    @pl.function(type=pl.FunctionType.InCore)
    def scale(
        self,
        x: pl.Tensor[[BLOCK, D], pl.FP32],
        m: pl.Scalar[pl.INT64],
        out: pl.Out[pl.Tensor[[BLOCK, D], pl.FP32]],
    ) -> pl.Tensor[[BLOCK, D], pl.FP32]:
        t = pl.load(x, [0, 0], [BLOCK, D])
        mf: pl.Scalar[pl.FP32] = pl.cast(m, pl.FP32)
        return pl.store(pl.muls(t, mf), [0, 0], [BLOCK, D], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[N, D], pl.FP32],
        cfg: pl.Tensor[[1, 4], pl.INT64],
        acc: pl.InOut[pl.Tensor[[N, D], pl.FP32]],
        lo: pl.Out[pl.Tensor[[BLOCK, D], pl.FP32]],
        hi: pl.Out[pl.Tensor[[BLOCK, D], pl.FP32]],
        lo2: pl.Out[pl.Tensor[[BLOCK, D], pl.FP32]],
    ) -> pl.Tensor[[N, D], pl.FP32]:
        h = pl.create_tensor([N, D], dtype=pl.FP16)
        rows = pl.tensor.dim(x, 0)
        total: pl.Scalar[pl.INT64] = 0
        for i in pl.range(0, rows, BLOCK):
            k = pl.tensor.read(cfg, [0, i // BLOCK])
            xi = pl.view(x, [BLOCK, D], [i, 0])
            hi_ = pl.view(h, [BLOCK, D], [i, 0])
            ai = pl.view(acc, [BLOCK, D], [i, 0])
            hi_ = self.to_half(xi, k, hi_)
            ai = self.accumulate(hi_, 0.5, ai)
            total = total + k
        if total > 0:
            m = 2
        else:
            m = -1
        a0 = pl.view(acc, [BLOCK, D], [0, 0])
        lo, hi = self.split(a0, lo, hi)
        lo2 = self.scale(lo, m, lo2)
        return acc
