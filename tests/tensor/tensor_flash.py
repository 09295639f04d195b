# pyptocc-flags: --passes=default
# Flash attention over 16 blocks of 64 keys with an online softmax: the
# loop carries the running row maximum m, the running row sum l, the
# attention result and the unnormalised output o (4 tensor iter_args);
# the first block and the last block take their own branches (nested
# if/yield), as in the reference's flash-attention parsing example.
# ConvertTensorToBlockOps splits the function: the loop and the ifs stay in
# the orchestration, each run of ops of one unit becomes a kernel, and the
# loop-carried result is copied into the returned tensor at the end.
import pypto.language as pl

S = 64
D = 128
KV = 1024
BK = 64
NB = KV // BK
SCALE = 0.08838834764831845


@pl.program
class FlashAttention:
    @pl.function(type=pl.FunctionType.InCore)
    def flash(
        self,
        q: pl.Tensor[[S, D], pl.FP16],
        k: pl.Tensor[[KV, D], pl.FP16],
        v: pl.Tensor[[KV, D], pl.FP16],
    ) -> pl.Tensor[[S, D], pl.FP32]:
        m0 = pl.create_tensor([S, 1], dtype=pl.FP32)
        l0 = pl.create_tensor([S, 1], dtype=pl.FP32)
        a0 = pl.create_tensor([S, D], dtype=pl.FP32)
        o0 = pl.create_tensor([S, D], dtype=pl.FP32)
        for i, (m, l, attn, o) in pl.range(NB, init_values=(m0, l0, a0, o0)):
            kj = pl.view(k, [BK, D], [i * BK, 0])
            vj = pl.view(v, [BK, D], [i * BK, 0])
            s = pl.mul(pl.matmul(q, kj, b_trans=True, out_dtype=pl.FP32), SCALE)
            bm = pl.row_max(s)
            if i == 0:
                p0 = pl.exp(pl.sub(s, bm))
                l1 = pl.row_sum(p0)
                o1 = pl.matmul(pl.cast(p0, target_type=pl.FP16), vj, out_dtype=pl.FP32)
                m2, l2, o2 = pl.yield_(bm, l1, o1)
            else:
                mn = pl.maximum(m, bm)
                alpha = pl.exp(pl.sub(m, mn))
                p1 = pl.exp(pl.sub(s, mn))
                l3 = pl.add(pl.mul(alpha, l), pl.row_sum(p1))
                pv = pl.matmul(pl.cast(p1, target_type=pl.FP16), vj, out_dtype=pl.FP32)
                o3 = pl.add(pl.mul(o, alpha), pv)
                m2, l2, o2 = pl.yield_(mn, l3, o3)
            if i == NB - 1:
                a2 = pl.yield_(pl.div(o2, l2))
            else:
                a2 = pl.yield_(attn)
            m4, l4, a4, o4 = pl.yield_(m2, l2, a2, o2)
        return a4

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        q: pl.Tensor[[S, D], pl.FP16],
        k: pl.Tensor[[KV, D], pl.FP16],
        v: pl.Tensor[[KV, D], pl.FP16],
    ) -> pl.Tensor[[S, D], pl.FP32]:
        out = self.flash(q, k, v)
        return out
