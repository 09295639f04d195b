# Reductions followed by tile-scalar ops on their results: the [16, 1]
# row statistics of a 16x64 tensor (row_sum, row_max, row_min) through
# divs, maxs, subs, muls and mins, and the [1, 64] column sums through muls
# and adds.
import pypto.language as pl

R = 16
C = 64


@pl.program
class ReduceScalar:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce_scalar(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        o_mean: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_max: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_min: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_half: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_col: pl.Out[pl.Tensor[[1, C], pl.FP32]],
    ) -> pl.Tensor[[1, C], pl.FP32]:
        t = pl.load(x, [0, 0], [R, C])
        tmp = pl.create_tile([R, C], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        rs = pl.row_sum(t, tmp)
        r1 = pl.store(pl.divs(rs, 64.0), [0, 0], [R, 1], o_mean)
        r2 = pl.store(pl.maxs(pl.row_max(t, tmp), 0.5), [0, 0], [R, 1], o_max)
        r3 = pl.store(pl.subs(pl.row_min(t, tmp), 1.0), [0, 0], [R, 1], o_min)
        r4 = pl.store(pl.mins(pl.muls(rs, 0.5), 3.0), [0, 0], [R, 1], o_half)
        cs = pl.sum(t, axis=0, keepdim=True)
        r5 = pl.store(pl.adds(pl.muls(cs, 2.0), 1.0), [0, 0], [1, C], o_col)
        return r5
