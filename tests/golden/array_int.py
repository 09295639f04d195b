# On-core integer arrays in the front end (pypto docs/en/dev/ir/02-types.md
# "ArrayType", user/language/00-types.md pl.Array): created, annotated,
# updated in a loop (a carried value once in SSA), read, and handed to an
# Inline function, which is expanded where it is called.
import pypto.language as pl


@pl.program
class Counts:
    @pl.function(type=pl.FunctionType.Inline)
    def bump(self, counts: pl.Array[8, pl.INT32], k: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INT32]:
        flags = pl.array.create(2, pl.BOOL)
        flags[1] = k > 3
        return counts[k]

    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.INT32], y: pl.Out[pl.Tensor[[16, 16], pl.INT32]]) -> pl.Tensor[[16, 16], pl.INT32]:
        counts: pl.Array[8, pl.INT32] = pl.array.create(8, pl.INT32)
        for i in pl.range(8):
            counts[i] = i * 2
        n = pl.array.get_element(counts, 7)
        counts = pl.array.update_element(counts, 0, n)
        m = self.bump(counts, 2)
        t = pl.load(x, [0, 0], [16, 16])
        t = pl.adds(t, counts[3] + m)
        y = pl.store(t, [0, 0], y)
        return y
