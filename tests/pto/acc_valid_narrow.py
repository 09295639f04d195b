# pyptocc-flags: --no-addr
# Without addresses an accumulating matmul writes its accumulator's buffer,
# and a buffer's declaration carries one valid shape.  Here the product
# covers 24 of the accumulator's 32 columns: the result is the
# accumulator's bytes renamed with 24 valid columns (pto.treshape) before
# the pto.tmatmul.acc, which takes it as both accumulator and output, and
# the store writes 24 columns.  It was spelled with the accumulator's 32,
# which PTOAS refused (a fuzz finding).  With addresses the result is a
# second buffer at the same address, declared with its own valid shape.
import pypto.language as pl


@pl.program
class AccValid:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, lhs: pl.Tensor[[16, 16], pl.FP16], seed: pl.Tensor[[16, 32], pl.FP16],
          part: pl.Tensor[[16, 32], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.move(pl.load(lhs, [0, 0], [16, 16], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        s = pl.move(pl.load(seed, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        p = pl.move(pl.load(part, [0, 0], [16, 32], valid_shape=[16, 24], target_memory=pl.Mem.Mat),
                    target_memory=pl.Mem.Right)
        acc = pl.matmul(a, s)
        return pl.store(pl.matmul_acc(acc, a, p), [0, 0], out)
