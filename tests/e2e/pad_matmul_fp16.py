# FP16 decode-style matrix products of cube tiles that are not whole
# fractal boxes (so that the conformance test runs them on pto-isa's CPU
# simulator too, which has no bfloat16): a [4, 128] left operand held as
# [16, 128] valid in 4 rows, times [128, 32] into a [4, 32] FP32
# accumulator held as [16, 32], and times a [128, 8] right operand held as
# [128, 16] into [4, 8]; each stored from its valid rows.  y = x @ w,
# z = x @ v.
import pypto.language as pl


@pl.program
class PadMatmulFp16:
    @pl.function(type=pl.FunctionType.InCore)
    def mm(
        self,
        x: pl.Tensor[[4, 128], pl.FP16],
        w: pl.Tensor[[128, 32], pl.FP16],
        v: pl.Tensor[[128, 8], pl.FP16],
        y: pl.Out[pl.Tensor[[4, 32], pl.FP32]],
        z: pl.Out[pl.Tensor[[4, 8], pl.FP32]],
    ) -> pl.Tensor[[4, 32], pl.FP32]:
        xm = pl.load(x, [0, 0], [4, 128], target_memory=pl.MemorySpace.Mat)
        wm = pl.load(w, [0, 0], [128, 32], target_memory=pl.MemorySpace.Mat)
        vm = pl.load(v, [0, 0], [128, 8], target_memory=pl.MemorySpace.Mat)
        xl = pl.move(xm, target_memory=pl.MemorySpace.Left)
        wr = pl.move(wm, target_memory=pl.MemorySpace.Right)
        vr = pl.move(vm, target_memory=pl.MemorySpace.Right)
        prod = pl.matmul(xl, wr)
        narrow = pl.matmul(xl, vr)
        pl.store(narrow, [0, 0], z)
        out = pl.store(prod, [0, 0], y)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[4, 128], pl.FP16],
        w: pl.Tensor[[128, 32], pl.FP16],
        v: pl.Tensor[[128, 8], pl.FP16],
        y: pl.Out[pl.Tensor[[4, 32], pl.FP32]],
        z: pl.Out[pl.Tensor[[4, 8], pl.FP32]],
    ) -> pl.Tensor[[4, 32], pl.FP32]:
        y = self.mm(x, w, v, y, z)
        return y
