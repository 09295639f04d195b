# pyptocc-flags: --passes=default
# An attention block written with tensor ops: s = q k^T (matmul with
# b_trans), scaled, a row softmax, the probabilities cast to FP16,
# o = p v, divided by the row sums.  The products need the cube unit, the
# rest the vector unit, so ConvertTensorToBlockOps splits the function into
# kernels per unit (k^T on the vector unit, since the cube multiplies
# untransposed operands) passing their intermediates through global
# memory, and the orchestration calls them in order.
import pypto.language as pl

S = 64
D = 128
SCALE = 0.08838834764831845


@pl.program
class Attention:
    @pl.function(type=pl.FunctionType.InCore)
    def attn(
        self,
        q: pl.Tensor[[S, D], pl.FP16],
        k: pl.Tensor[[S, D], pl.FP16],
        v: pl.Tensor[[S, D], pl.FP16],
    ) -> pl.Tensor[[S, D], pl.FP32]:
        s = pl.matmul(q, k, b_trans=True)
        s = pl.mul(s, SCALE)
        m = pl.row_max(s)
        p = pl.exp(pl.sub(s, m))
        l = pl.row_sum(p)
        p16 = pl.cast(p, target_type=pl.FP16)
        o = pl.matmul(p16, v)
        return pl.div(o, l)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        q: pl.Tensor[[S, D], pl.FP16],
        k: pl.Tensor[[S, D], pl.FP16],
        v: pl.Tensor[[S, D], pl.FP16],
    ) -> pl.Tensor[[S, D], pl.FP32]:
        out = self.attn(q, k, v)
        return out
