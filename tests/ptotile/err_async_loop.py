# --async: a loop-carried tile made by TMATMUL before the loop and by
# TMATMUL_ACC in it has no event type (seed 05 5.1 names one producer).
# pyptocc-flags: --emit=pto-tile --async
import pypto.language as pl


@pl.program
class AsyncLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul_acc(self, a: pl.Tensor[[64, 64], pl.FP16], c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        m = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        l = pl.move(m, target_memory=pl.MemorySpace.Left)
        r = pl.move(m, target_memory=pl.MemorySpace.Right)
        acc0 = pl.matmul(l, r)
        for k, (acc,) in pl.range(0, 3, 1, init_values=(acc0,)):
            acc_next = pl.matmul_acc(acc, l, r)
            acc_out = pl.yield_(acc_next)
        out = pl.store(acc_out, [0, 0], [64, 64], c)
        return out
