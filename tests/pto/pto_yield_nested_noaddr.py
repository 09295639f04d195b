# pyptocc-flags: --no-addr
# tests/memory/yield_nested.py without addresses: MemoryReuse moves the
# inner loop's storage into the while loop's iter_arg MemRef, and the PTO
# printer, whose buffers follow the MemRefs as addresses do, writes that
# storage as the while loop's carried buffer (it refused the program when
# each variable had a buffer of its own: "'acc_3' is yielded into the
# buffer of 'acc_0' but is a copy of 't_2'").
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
