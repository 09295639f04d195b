# Scalar control flow in the SSA style: a loop with iter_args, an if that
# yields, and a while loop.  collatz_steps(n) counts the steps of the
# Collatz sequence from n to 1; sum_odd(n) adds the odd numbers below n.
import pypto.language as pl


@pl.program
class ScalarControl:
    @pl.function
    def sum_odd(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        total: pl.Scalar[pl.INT64] = 0
        for i, (acc,) in pl.range(n, init_values=(total,)):
            if i % 2 == 1:
                next_acc = pl.yield_(acc + i)
            else:
                next_acc = pl.yield_(acc)
            acc = pl.yield_(next_acc)
        return acc

    @pl.function
    def collatz_steps(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        steps0: pl.Scalar[pl.INT64] = 0
        for (x, steps) in pl.while_(init_values=(n, steps0)):
            pl.cond(x > 1)
            if x % 2 == 0:
                x_next = pl.yield_(x // 2)
            else:
                x_next = pl.yield_(3 * x + 1)
            x, steps = pl.yield_(x_next, steps + 1)
        return steps

    @pl.function
    def main(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        a = self.sum_odd(n)
        b = self.collatz_steps(n)
        return max(a, b) - min(a, b)
