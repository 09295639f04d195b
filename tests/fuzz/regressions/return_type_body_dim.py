# A result type inferred from a value whose shape names a variable of the
# body (n = pl.tensor.dim(x, 0)) prints as `-> pl.Tensor[[n, 128], ...]`;
# read back, the header's n was an implicit dynamic dimension of its own,
# and the return warned that the types differ.
import pypto.language as pl

tokens = pl.dynamic("TOKENS")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[tokens, 128], pl.FP32]):
        n = pl.tensor.dim(x, 0)
        return pl.create_tensor([n, 128], dtype=pl.FP32)
