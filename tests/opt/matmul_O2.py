# pyptocc-flags: -O2
# SoftwarePipeline of a cube kernel: C = A @ B accumulated over K in four
# 64-wide slices, the first before the loop.  The loop's three steps: the
# first peeled off, then one iteration of two, each step with its own Mat,
# Left and Right tiles (ping at the addresses the first slice used, pong
# after them); the accumulator in Acc is carried, one tile for every step.
# In the C++ the loads of a step wait (MTE1->MTE2) only for the moves that
# read the same buffers two steps before, the moves (M->MTE1) for the
# matmul two steps before, and each matmul for the one before it (bar_m).
import pypto.language as pl


@pl.program
class MatmulO2:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul(self, a: pl.Tensor[[64, 256], pl.FP16], b: pl.Tensor[[256, 64], pl.FP16],
               c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        first = pl.matmul(a_l0, b_l0)
        for k, (acc,) in pl.range(64, 256, 64, init_values=(first,)):
            ak_l1 = pl.load(a, [0, k], [64, 64], target_memory=pl.MemorySpace.Mat)
            bk_l1 = pl.load(b, [k, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
            ak_l0 = pl.move(ak_l1, target_memory=pl.MemorySpace.Left)
            bk_l0 = pl.move(bk_l1, target_memory=pl.MemorySpace.Right)
            acc = pl.yield_(pl.matmul_acc(acc, ak_l0, bk_l0))
        out = pl.l0c_store(acc, [0, 0], [64, 64], c)
        return out
