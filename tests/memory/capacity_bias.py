# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# Bias on a2a3 (1 KiB, pto-isa's PTO_BIAS_SIZE_BYTES): two bias rows of 128
# FP32 live at once need 1024 bytes and fit; a third ends beyond the
# capacity (A5's table holds 4 KiB).
import pypto.language as pl


@pl.program
class BiasOverflow:
    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 128], pl.FP16],
             bias: pl.Tensor[[3, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        al = pl.move(pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        br = pl.move(pl.load(b, [0, 0], [16, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        b0 = pl.move(pl.load(bias, [0, 0], [1, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        b1 = pl.move(pl.load(bias, [1, 0], [1, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        b2 = pl.move(pl.load(bias, [2, 0], [1, 128], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Bias)
        c0 = pl.matmul_bias(al, br, b0)
        c1 = pl.matmul_bias(al, br, b1)
        c2 = pl.matmul_bias(al, br, b2)
        s = pl.store(c0, [0, 0], out)
        s = pl.store(c1, [0, 0], s)
        s = pl.store(c2, [0, 0], s)
        return s
