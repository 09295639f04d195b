# C = A @ B for 64x256 by 256x64 FP16 matrices, accumulated in FP32 over
# four 64-wide slices of K:  global memory -> Mat (L1) -> Left/Right (L0A/L0B)
# -> Acc (L0C) -> global memory.
import pypto.language as pl

K_STEPS = 4


@pl.program
class Matmul:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul(
        self,
        a: pl.Tensor[[64, 256], pl.FP16],
        b: pl.Tensor[[256, 64], pl.FP16],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        b_l1 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        a_l0 = pl.move(a_l1, target_memory=pl.MemorySpace.Left)
        b_l0 = pl.move(b_l1, target_memory=pl.MemorySpace.Right)
        first = pl.matmul(a_l0, b_l0)
        for k, (acc,) in pl.range(1, K_STEPS, init_values=(first,)):
            ak_l1 = pl.load(a, [0, k * 64], [64, 64], target_memory=pl.MemorySpace.Mat)
            bk_l1 = pl.load(b, [k * 64, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
            ak_l0 = pl.move(ak_l1, target_memory=pl.MemorySpace.Left)
            bk_l0 = pl.move(bk_l1, target_memory=pl.MemorySpace.Right)
            acc = pl.yield_(pl.matmul_acc(acc, ak_l0, bk_l0))
        out = pl.l0c_store(acc, [0, 0], [64, 64], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[64, 256], pl.FP16],
        b: pl.Tensor[[256, 64], pl.FP16],
        c: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        c_ret = self.matmul(a, b, c)
        return c_ret
