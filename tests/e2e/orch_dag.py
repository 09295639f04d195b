# An Orchestration function forming a DAG of kernel calls over tensor views
# in a loop over 64-row blocks: per block, affine (x * s + 0.25, s read from
# a config tensor with tensor.read and passed as a scalar task argument) and
# gate (exp(-|w|)) are independent; combine (p * q + p) consumes both
# intermediate tensors (created with create_tensor) and writes a view of y.
# After the loop, colmax reads all of y and writes the column maxima,
# carrying a [1, 64] tile through its own loop.
import pypto.language as pl

N = 256
D = 64
BLOCK = 64


@pl.program
class OrchDag:
    @pl.function(type=pl.FunctionType.InCore)
    def affine(
        self,
        x: pl.Tensor[[BLOCK, D], pl.FP32],
        s: pl.Scalar[pl.FP32],
        out: pl.Out[pl.Tensor[[BLOCK, D], pl.FP32]],
    ) -> pl.Tensor[[BLOCK, D], pl.FP32]:
        t = pl.load(x, [0, 0], [BLOCK, D])
        r = pl.adds(pl.muls(t, s), 0.25)
        return pl.store(r, [0, 0], [BLOCK, D], out)

    @pl.function(type=pl.FunctionType.InCore)
    def gate(
        self,
        w: pl.Tensor[[BLOCK, D], pl.FP32],
        out: pl.Out[pl.Tensor[[BLOCK, D], pl.FP32]],
    ) -> pl.Tensor[[BLOCK, D], pl.FP32]:
        t = pl.load(w, [0, 0], [BLOCK, D])
        r = pl.exp(pl.neg(pl.abs(t)))
        return pl.store(r, [0, 0], [BLOCK, D], out)

    @pl.function(type=pl.FunctionType.InCore)
    def combine(
        self,
        p: pl.Tensor[[BLOCK, D], pl.FP32],
        q: pl.Tensor[[BLOCK, D], pl.FP32],
        out: pl.Out[pl.Tensor[[BLOCK, D], pl.FP32]],
    ) -> pl.Tensor[[BLOCK, D], pl.FP32]:
        tp = pl.load(p, [0, 0], [BLOCK, D])
        tq = pl.load(q, [0, 0], [BLOCK, D])
        r = pl.add(pl.mul(tp, tq), tp)
        return pl.store(r, [0, 0], [BLOCK, D], out)

    @pl.function(type=pl.FunctionType.InCore)
    def colmax(
        self,
        y: pl.Tensor[[N, D], pl.FP32],
        out: pl.Out[pl.Tensor[[1, D], pl.FP32]],
    ) -> pl.Tensor[[1, D], pl.FP32]:
        first = pl.max(pl.load(y, [0, 0], [BLOCK, D]), axis=0, keepdim=True)
        for k, (m,) in pl.range(BLOCK, N, BLOCK, init_values=(first,)):
            cur = pl.max(pl.load(y, [k, 0], [BLOCK, D]), axis=0, keepdim=True)
            m = pl.yield_(pl.maximum(m, cur))
        return pl.store(m, [0, 0], [1, D], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[N, D], pl.FP32],
        w: pl.Tensor[[N, D], pl.FP32],
        cfg: pl.Tensor[[1, 4], pl.FP32],
        y: pl.Out[pl.Tensor[[N, D], pl.FP32]],
        stats: pl.Out[pl.Tensor[[1, D], pl.FP32]],
    ) -> pl.Tensor[[N, D], pl.FP32]:
        t1 = pl.create_tensor([N, D], dtype=pl.FP32)
        t2 = pl.create_tensor([N, D], dtype=pl.FP32)
        s = pl.tensor.read(cfg, [0, 1])
        for i in pl.range(0, N, BLOCK):
            xi = pl.view(x, [BLOCK, D], [i, 0])
            wi = pl.view(w, [BLOCK, D], [i, 0])
            t1i = pl.view(t1, [BLOCK, D], [i, 0])
            t2i = pl.view(t2, [BLOCK, D], [i, 0])
            yi = pl.view(y, [BLOCK, D], [i, 0])
            t1i = self.affine(xi, s, t1i)
            t2i = self.gate(wi, t2i)
            yi = self.combine(t1i, t2i, yi)
        stats = self.colmax(y, stats)
        return y
