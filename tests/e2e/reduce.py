# Reductions (ops.md 5.5): row_sum, row_max, row_min with their tmp tile,
# and sum/max/min with keepdim along axis 1 (a row reduction, stored as a
# [R, 1] column vector) and axis 0 (a column reduction, [1, C]).
import pypto.language as pl

R = 32
C = 64


@pl.program
class Reduce:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        o_rsum: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_rmax: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_rmin: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_sum1: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_max1: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_min1: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_sum0: pl.Out[pl.Tensor[[1, C], pl.FP32]],
        o_max0: pl.Out[pl.Tensor[[1, C], pl.FP32]],
        o_min0: pl.Out[pl.Tensor[[1, C], pl.FP32]],
    ) -> pl.Tensor[[1, C], pl.FP32]:
        t = pl.load(x, [0, 0], [R, C])
        tmp = pl.create_tile([R, C], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        r1 = pl.store(pl.row_sum(t, tmp), [0, 0], [R, 1], o_rsum)
        r2 = pl.store(pl.row_max(t, tmp), [0, 0], [R, 1], o_rmax)
        r3 = pl.store(pl.row_min(t, tmp), [0, 0], [R, 1], o_rmin)
        r4 = pl.store(pl.sum(t, axis=1, keepdim=True), [0, 0], [R, 1], o_sum1)
        r5 = pl.store(pl.max(t, axis=-1, keepdim=True), [0, 0], [R, 1], o_max1)
        r6 = pl.store(pl.min(t, axis=1, keepdim=True), [0, 0], [R, 1], o_min1)
        r7 = pl.store(pl.sum(t, axis=0, keepdim=True), [0, 0], [1, C], o_sum0)
        r8 = pl.store(pl.max(t, axis=-2, keepdim=True), [0, 0], [1, C], o_max0)
        r9 = pl.store(pl.min(t, axis=0, keepdim=True), [0, 0], [1, C], o_min0)
        return r9
