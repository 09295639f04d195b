# A program's Orchestration function that computes with a tensor op is
# taken by the front end, as pypto's parser takes it (its passes' tests
# write such programs; tests/cli.test checks -fsyntax-only); once the
# kernels are made, Verify refuses it.  A @pl.jit entry is checked as
# written (tests/errors/jit_misplaced).
# pyptocc-flags: --emit=cpp
import pypto.language as pl


@pl.program
class OrchVerify:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(a, [0], [64])
        return pl.store(t, [0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], y: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        s = pl.add(x, y)
        t = pl.load(x, [0], [64])
        out = self.k(s, out)
        return out
