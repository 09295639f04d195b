# Found by fuzz_frontend (a campaign seeded with today's programs) on
# a75f806: a dimension that is an expression of a pl.dynamic() (M * 2)
# printed as written, without the pl.dynamic() line, and the reparse said
# "name 'M' is not defined": only a bare undefined name was a dynamic
# dimension.  (Each such dimension was also a node of its own, so equal
# annotations were unequal types: tests/golden/dims_dynamic_expr.)
import pypto.language as pl

M = pl.dynamic("M")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[M * 2, M + 1], pl.FP32]) -> pl.Tile[[16, 64], pl.FP32]:
        return pl.load(a, [0, 0], [16, 64])
