# pyptocc-flags: -O2 -Wpipelining --arch=a5
# SoftwarePipeline only where the doubled buffers fit the target
# (warn_capacity_a2a3 and warn_capacity_a5 are one program): four loaded
# 32 KiB tiles take 128 KiB of Vec (each sum is written over an operand
# that dies there), doubled 256 KiB.  That exceeds A2/A3's 192 KiB, so
# there the loop stays as it is and -Wpipelining says why; A5 has 256 KiB,
# and the loop is pipelined.
import pypto.language as pl


@pl.program
class WarnCapacity:
    @pl.function(type=pl.FunctionType.InCore)
    def big(self, a: pl.Tensor[[256, 128], pl.FP32], b: pl.Tensor[[256, 128], pl.FP32],
            c: pl.Tensor[[256, 128], pl.FP32], d: pl.Tensor[[256, 128], pl.FP32],
            y: pl.Out[pl.Tensor[[256, 128], pl.FP32]]) -> pl.Tensor[[256, 128], pl.FP32]:
        for i, (acc,) in pl.range(0, 256, 64, init_values=(y,)):
            ta = pl.load(a, [i, 0], [64, 128])
            tb = pl.load(b, [i, 0], [64, 128])
            tc = pl.load(c, [i, 0], [64, 128])
            td = pl.load(d, [i, 0], [64, 128])
            r = pl.add(pl.add(pl.add(ta, tb), tc), td)
            s = pl.store(r, [i, 0], [64, 128], acc)
            acc = pl.yield_(s)
        return acc
