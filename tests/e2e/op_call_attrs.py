# An op call may carry attributes, attrs={...}, as pypto's Call does (its
# passes mark calls so: pipeline_membership, a tensor-to-tile bridge);
# no op reads them, the printer keeps them, and the numbers are the
# op's own.  out = exp(x) + 1.
import pypto.language as pl


@pl.program
class OpCallAttrs:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64], attrs={"pipeline_membership": "0:0", "stage": 1})
        e = pl.exp(t, attrs={"marks": [1, 2], "hot": True})
        return pl.store(pl.adds(e, 1.0), [0, 0], out, attrs={"ratio": 0.5})

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        out = self.k(x, out)
        return out
