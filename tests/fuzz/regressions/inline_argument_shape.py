# Found by the fuzz smoke run of stop 48: a Group function called with a
# tensor of another static shape ([82] for a [64] parameter, which
# -Wargument-shape lets through as its leading elements) was expanded
# into its caller with the argument in the parameter's place, and the
# copied body's types no longer held ("not well-formed after pass
# 'inline_functions'").  The expansion now needs the parameter's shape,
# a located error otherwise.
import pypto.language as pl


@pl.program
class InlineArgumentShape:
    @pl.function(type=pl.FunctionType.Group)
    def cluster(self, x: pl.Tensor[[64], pl.FP32]):
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)

    @pl.function
    def main(self, x: pl.Tensor[[82], pl.FP32]) -> pl.Tensor[[82], pl.FP32]:
        self.cluster(x)
        return x
