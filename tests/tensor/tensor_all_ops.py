# pyptocc-flags: --passes=default
# Every tensor op of the seed registry in one InCore function, each
# converted: tensor.read (element 1 of a config tensor) and tensor.dim go to
# the orchestration, which the split makes of the function because it
# needs both units; add, sub, mul, div and their scalar forms, cast,
# maximum, row_max, exp, row_sum, transpose and reshape are vector kernel
# work; matmul is the cube kernel's; tensor.create is a buffer the
# orchestration creates, pl.assemble stores into it, pl.view is a region
# of a parameter.
import pypto.language as pl

N = 64
H = 32


@pl.program
class AllOps:
    @pl.function(type=pl.FunctionType.InCore)
    def all_ops(
        self,
        a: pl.Tensor[[N, N], pl.FP32],
        b: pl.Tensor[[N, N], pl.FP16],
        cfg: pl.Tensor[[1, 8], pl.FP32],
    ) -> pl.Tensor[[N, N], pl.FP32]:
        s = pl.tensor.read(cfg, [0, 1])
        d = pl.tensor.dim(a, 1)
        u = pl.div(pl.mul(pl.sub(pl.add(a, s), 1.0), 0.5), d)
        bf = pl.cast(b, target_type=pl.FP32)
        v = pl.maximum(pl.mul(pl.sub(pl.add(u, bf), a), u), bf)
        m = pl.row_max(v)
        e = pl.exp(pl.sub(v, m))
        p = pl.div(e, pl.row_sum(e))
        pt = pl.transpose(p, 0, 1)
        q = pl.matmul(pl.cast(pt, target_type=pl.FP16), b, out_dtype=pl.FP32)
        w = pl.reshape(pl.add(pl.reshape(q, [H, 2 * N]), 1.0), [N, N])
        buf = pl.create_tensor([N, N], dtype=pl.FP32)
        o1 = pl.assemble(buf, w, [0, 0])
        top = pl.view(a, [H, N], [0, 0])
        o2 = pl.assemble(o1, top, [0, 0])
        return o2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[N, N], pl.FP32],
        b: pl.Tensor[[N, N], pl.FP16],
        cfg: pl.Tensor[[1, 8], pl.FP32],
    ) -> pl.Tensor[[N, N], pl.FP32]:
        y = self.all_ops(a, b, cfg)
        return y
