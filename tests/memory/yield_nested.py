# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# Yield fix-ups decided inner before outer, through a while loop: the inner
# for loop's add is retargeted into t's MemRef; the while body then yields
# acc_3 = t_2, the inner loop's result, whose storage (t_0, the inner
# iter_arg, add and result, acc_3) all belongs to the while body and is
# first written by the exp, the last read of the while's iter_arg, so the
# whole storage moves into that iter_arg's MemRef: one Vec MemRef in all.
import pypto.language as pl


@pl.program
class Nested:
    @pl.function(type=pl.FunctionType.InCore)
    def nested(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
               n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc = pl.load(a, [0, 0], [64, 64])
        k: pl.Scalar[pl.INT64] = 0
        while k < n:
            t = pl.exp(acc)
            for j in pl.range(2):
                t = pl.add(t, t)
            acc = t
            k = k + 1
        s = pl.store(acc, [0, 0], [64, 64], out)
        return s
