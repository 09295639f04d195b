# pyptocc-flags: --emit=pto
# A matmul takes its operands in Left and Right and writes Acc (TMATMUL;
# m, k and n up to 4095).  Legalize moves operands loaded into Mat to Left
# and Right; anything else is an error at the call (the printers used to
# find it, after a pipeline that had reported nothing; issue 35): an
# operand in Acc (a product fed to another one as it is), an accumulator
# in Vec or in Mat (here through a loop's iter_arg).  'good' is the form
# that works.  (Operands loaded into Vec, the default, were errors too;
# InferTileMemorySpace now loads them into Mat: tests/e2e/matmul_vec_loads.
# So was a k of 4096; AutoTileMatmulL0 now runs it in blocks of K:
# tests/e2e/matmul_l0_blocks.)
import pypto.language as pl


@pl.program
class Spaces:
    @pl.function(type=pl.FunctionType.InCore)
    def good(self, a: pl.Tensor[[32, 32], pl.FP16], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        c = pl.matmul(x, x)
        c2 = pl.matmul_acc(c, x, x)
        return pl.store(c2, [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def acc_operand(self, a: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        c = pl.matmul(x, x)
        d = pl.matmul(c, x)
        return pl.store(d, [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def acc_vec(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP32],
                out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        acc = pl.load(b, [0, 0], [32, 32])
        c = pl.matmul_acc(acc, x, x)
        return pl.store(c, [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def acc_mat(self, a: pl.Tensor[[32, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP32],
                out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        x = pl.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        init = pl.load(b, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        for i, (acc,) in pl.range(0, 2, 1, init_values=(init,)):
            nxt = pl.matmul_acc(acc, x, x)
            r = pl.yield_(nxt)
        return pl.store(r, [0, 0], out)
