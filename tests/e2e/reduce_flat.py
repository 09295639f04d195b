# Reductions without keepdim (issue 15): sum, max and min along the rows and
# along the columns of a 2-D tile give rank-1 results [32] and [64];
# Legalize reduces with keepdim=True (the instructions keep the axis:
# trowsum's [32, 1], tcolsum's [1, 64]) and reshapes, which moves nothing.
# The rank-1 results are stored into rank-1 tensors.
import pypto.language as pl

R = 32
C = 64


@pl.program
class ReduceFlat:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce_flat(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        o_sum1: pl.Out[pl.Tensor[[R], pl.FP32]],
        o_max0: pl.Out[pl.Tensor[[C], pl.FP32]],
        o_min0: pl.Out[pl.Tensor[[C], pl.FP32]],
    ) -> pl.Tensor[[R], pl.FP32]:
        t = pl.load(x, [0, 0], [R, C])
        s1 = pl.block.sum(t, axis=1)
        m0 = pl.block.max(t, axis=0)
        n0 = pl.block.min(t, axis=-2)
        r0 = pl.store(m0, [0], [C], o_max0)
        r1 = pl.store(n0, [0], [C], o_min0)
        r2 = pl.store(s1, [0], [R], o_sum1)
        return r2
