# Matrix multiply with a K loop (ops.md 5.7): matmul of the first K slice,
# then matmul_acc in a pl.range that carries the Acc tile as an iter_arg
# (init_values), for BF16 operands (FP32 result, three 64-wide slices of K)
# and INT8 operands (INT32 result, four 32-wide slices); a single FP32
# matmul whose result moves from Acc to Mat and is stored from there.
# Three cube kernels submitted by the orchestration.
import pypto.language as pl


@pl.program
class MatmulKloop:
    @pl.function(type=pl.FunctionType.InCore)
    def mm_bf16(
        self,
        a: pl.Tensor[[32, 192], pl.BF16],
        b: pl.Tensor[[192, 48], pl.BF16],
        c: pl.Out[pl.Tensor[[32, 48], pl.FP32]],
    ) -> pl.Tensor[[32, 48], pl.FP32]:
        a0 = pl.move(pl.load(a, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        b0 = pl.move(pl.load(b, [0, 0], [64, 48], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        first = pl.matmul(a0, b0)
        for k, (acc,) in pl.range(1, 3, init_values=(first,)):
            ak = pl.load(a, [0, k * 64], [32, 64], target_memory=pl.MemorySpace.Mat)
            bk = pl.load(b, [k * 64, 0], [64, 48], target_memory=pl.MemorySpace.Mat)
            ak0 = pl.move(ak, target_memory=pl.MemorySpace.Left)
            bk0 = pl.move(bk, target_memory=pl.MemorySpace.Right)
            acc = pl.yield_(pl.matmul_acc(acc, ak0, bk0))
        out = pl.l0c_store(acc, [0, 0], [32, 48], c)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def mm_i8(
        self,
        a: pl.Tensor[[16, 128], pl.INT8],
        b: pl.Tensor[[128, 32], pl.INT8],
        c: pl.Out[pl.Tensor[[16, 32], pl.INT32]],
    ) -> pl.Tensor[[16, 32], pl.INT32]:
        a0 = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        b0 = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        first = pl.matmul(a0, b0)
        for k, (acc,) in pl.range(32, 128, 32, init_values=(first,)):
            ak = pl.move(pl.load(a, [0, k], [16, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
            bk = pl.move(pl.load(b, [k, 0], [32, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
            acc = pl.yield_(pl.matmul_acc(acc, ak, bk))
        out = pl.l0c_store(acc, [0, 0], [16, 32], c)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def mm_f32(
        self,
        a: pl.Tensor[[16, 32], pl.FP32],
        b: pl.Tensor[[32, 16], pl.FP32],
        c: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        a0 = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        b0 = pl.move(pl.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        prod = pl.matmul(a0, b0)
        back = pl.move(prod, target_memory=pl.MemorySpace.Mat)
        out = pl.store(back, [0, 0], [16, 16], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[32, 192], pl.BF16],
        b: pl.Tensor[[192, 48], pl.BF16],
        ai: pl.Tensor[[16, 128], pl.INT8],
        bi: pl.Tensor[[128, 32], pl.INT8],
        af: pl.Tensor[[16, 32], pl.FP32],
        bf: pl.Tensor[[32, 16], pl.FP32],
        c: pl.Out[pl.Tensor[[32, 48], pl.FP32]],
        ci: pl.Out[pl.Tensor[[16, 32], pl.INT32]],
        cf: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[32, 48], pl.FP32]:
        c = self.mm_bf16(a, b, c)
        ci = self.mm_i8(ai, bi, ci)
        cf = self.mm_f32(af, bf, cf)
        return c
