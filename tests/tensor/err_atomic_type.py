# pyptocc-flags: --passes=default
# atomic= takes a member of pl.AtomicType (or pld.AtomicType, the same).
import pypto.language as pl


@pl.program
class AtomicType:
    @pl.function(type=pl.FunctionType.InCore)
    def wrong_kind(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        return pl.assemble(y, x, [0, 0], atomic=pl.PipeType.V)
