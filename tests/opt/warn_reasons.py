# pyptocc-flags: -O2 -Wpipelining
# -Wpipelining: why a loop stays as it is at -O2 (the warning points at its
# 'for').  Loops with tile work on only one pipe, and loops that contain
# other loops, are no candidates and get no warning.
#  dynamic: the trip count depends on a parameter;
#  single: one iteration;
#  branchy: an if in the body;
#  synced: the body synchronises by hand;
#  carried: every tile the body defines ends up in the carried tile's
#   storage (MemoryReuse merges the exp into it), so nothing is doubled;
#  looping: a while loop (its trip count is not known);
#  outer: the outer loop is no candidate, its inner loop (a dynamic trip
#   count) is.
import pypto.language as pl


@pl.program
class WarnReasons:
    @pl.function(type=pl.FunctionType.InCore)
    def dynamic(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
                y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, n, 16, init_values=(y,)):
            t = pl.load(x, [i, 0], [16, 64])
            s = pl.store(pl.exp(t), [i, 0], [16, 64], acc)
            acc = pl.yield_(s)
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def single(self, x: pl.Tensor[[64, 64], pl.FP32],
               y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 16, 16, init_values=(y,)):
            t = pl.load(x, [i, 0], [16, 64])
            s = pl.store(pl.exp(t), [i, 0], [16, 64], acc)
            acc = pl.yield_(s)
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def branchy(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT64],
                y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 64, 16, init_values=(y,)):
            t = pl.load(x, [i, 0], [16, 64])
            if n > 0:
                u = pl.exp(t)
            else:
                u = pl.neg(t)
            s = pl.store(u, [i, 0], [16, 64], acc)
            acc = pl.yield_(s)
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def synced(self, x: pl.Tensor[[64, 64], pl.FP32],
               y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (acc,) in pl.range(0, 64, 16, init_values=(y,)):
            t = pl.load(x, [i, 0], [16, 64])
            pl.system.bar_all()
            s = pl.store(pl.exp(t), [i, 0], [16, 64], acc)
            acc = pl.yield_(s)
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def carried(self, x: pl.Tensor[[16, 64], pl.FP32],
                y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t0 = pl.load(x, [0, 0], [16, 64])
        for i, (t, acc) in pl.range(0, 64, 16, init_values=(t0, y)):
            e = pl.exp(t)
            s = pl.store(e, [i, 0], [16, 64], acc)
            t, acc = pl.yield_(e, s)
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def looping(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT64],
                y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        k: pl.Scalar[pl.INT64] = 0
        acc = y
        while k < n:
            t = pl.load(x, [0, 0], [16, 64])
            acc = pl.store(pl.exp(t), [0, 0], [16, 64], acc)
            k = k + 1
        return acc

    @pl.function(type=pl.FunctionType.InCore)
    def outer(self, x: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
              y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for j, (acc,) in pl.range(0, 64, 32, init_values=(y,)):
            for i, (acc2,) in pl.range(0, n, 16, init_values=(acc,)):
                t = pl.load(x, [j, i], [16, 16])
                s = pl.store(pl.exp(t), [j, i], [16, 16], acc2)
                acc2 = pl.yield_(s)
            acc = pl.yield_(acc2)
        return acc
