# Decode-style matrix products whose cube tiles are not whole fractal
# boxes: a [4, 128] BF16 left operand (held in Mat and Left as [16, 128],
# valid in 4 rows) times a [128, 32] BF16 right operand into a [4, 32]
# FP32 accumulator (held as [16, 32]), stored from its 4 valid rows; the
# same rows times a [128, 8] BF16 right operand (held as [128, 16]) into
# [4, 8]; and an FP16 [4, 128] @ [128, 32] product that goes through a
# K loop of two 64-wide slices.  y = x @ w, z = x @ v, h = xh @ wh.
import pypto.language as pl


@pl.program
class PadMatmulRows:
    @pl.function(type=pl.FunctionType.InCore)
    def mm_bf16(
        self,
        x: pl.Tensor[[4, 128], pl.BF16],
        w: pl.Tensor[[128, 32], pl.BF16],
        v: pl.Tensor[[128, 8], pl.BF16],
        y: pl.Out[pl.Tensor[[4, 32], pl.FP32]],
        z: pl.Out[pl.Tensor[[4, 8], pl.FP32]],
    ) -> pl.Tensor[[4, 32], pl.FP32]:
        xm: pl.Tile[[4, 128], pl.BF16] = pl.load(x, [0, 0], [4, 128], target_memory=pl.MemorySpace.Mat)
        wm: pl.Tile[[128, 32], pl.BF16] = pl.load(w, [0, 0], [128, 32], target_memory=pl.MemorySpace.Mat)
        vm: pl.Tile[[128, 8], pl.BF16] = pl.load(v, [0, 0], [128, 8], target_memory=pl.MemorySpace.Mat)
        prod: pl.Tile[[4, 32], pl.FP32] = pl.matmul(xm, wm)
        narrow: pl.Tile[[4, 8], pl.FP32] = pl.matmul(xm, vm)
        pl.store(narrow, [0, 0], z)
        out = pl.store(prod, [0, 0], y)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def mm_fp16(
        self,
        a: pl.Tensor[[4, 128], pl.FP16],
        b: pl.Tensor[[128, 32], pl.FP16],
        c: pl.Out[pl.Tensor[[4, 32], pl.FP32]],
    ) -> pl.Tensor[[4, 32], pl.FP32]:
        a0 = pl.move(pl.load(a, [0, 0], [4, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        b0 = pl.move(pl.load(b, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        first = pl.matmul(a0, b0)
        for k, (acc,) in pl.range(1, 2, init_values=(first,)):
            ak = pl.move(pl.load(a, [0, k * 64], [4, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
            bk = pl.move(pl.load(b, [k * 64, 0], [64, 32], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
            acc = pl.yield_(pl.matmul_acc(acc, ak, bk))
        out = pl.l0c_store(acc, [0, 0], [4, 32], c)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[4, 128], pl.BF16],
        w: pl.Tensor[[128, 32], pl.BF16],
        v: pl.Tensor[[128, 8], pl.BF16],
        xh: pl.Tensor[[4, 128], pl.FP16],
        wh: pl.Tensor[[128, 32], pl.FP16],
        y: pl.Out[pl.Tensor[[4, 32], pl.FP32]],
        z: pl.Out[pl.Tensor[[4, 8], pl.FP32]],
        h: pl.Out[pl.Tensor[[4, 32], pl.FP32]],
    ) -> pl.Tensor[[4, 32], pl.FP32]:
        y = self.mm_bf16(x, w, v, y, z)
        h = self.mm_fp16(xh, wh, h)
        return y
