# A loop whose lower bound is the outer loop's variable: y's row block j is
# the sum of x's row blocks j, j+1, ..., 3.  PTOAS 0.60's EmitC lowering
# refuses such an scf.for, so the PTO output counts it from 0 (Legalize);
# the C++ loop keeps its bounds.
import pypto.language as pl


@pl.program
class TriangleLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def suffix_sums(self, x: pl.Tensor[[16, 64], pl.FP32],
                    y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for j in pl.range(0, 4):
            acc = pl.tile.full([4, 64], dtype=pl.FP32, value=0.0)
            for i in pl.range(j, 4):
                acc = pl.add(acc, pl.load(x, [i * 4, 0], [4, 64]))
            y = pl.store(acc, [j * 4, 0], y)
        return y
