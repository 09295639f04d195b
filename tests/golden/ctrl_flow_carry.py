# pyptocc-flags: --passes=inline_functions,lower_placement,ctrl_flow_transform
# CtrlFlowTransform on loops with init_values that break or continue: each
# carries its values in variables (named as its iter_args, `x_carried`
# where the function has another `x`), set before the loop, assigned where
# its pl.yield_ was (through temporaries when a value reads a variable the
# yield assigns before it) and read into the loop's results after it; the
# flags then skip that assignment, so a break leaves the values the
# iteration started with and a continue passes them on.  pl.while_ loops,
# nested loops and Orchestration functions go the same way; a loop that
# does not exit keeps its iter_args.
import pypto.language as pl


@pl.program
class Carry:
    @pl.function(type=pl.FunctionType.InCore, strict_ssa=True)
    def fib(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64], pl.FP32]:
        t0 = pl.load(x, [0], [64])
        for i, (a, b) in pl.range(0, 8, 1, init_values=(t0, t0)):
            if i == n:
                break
            a_next, b_next = pl.yield_(b, pl.add(a, b))
        return pl.store(a_next, [0], x)

    @pl.function(type=pl.FunctionType.InCore)
    def shadow(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        for i, (t,) in pl.range(0, 6, 1, init_values=(t,)):
            if i % 2 == 1:
                continue
            s = pl.yield_(pl.add(t, t))
        return pl.store(pl.add(s, t), [0], x)

    @pl.function(type=pl.FunctionType.InCore, strict_ssa=True)
    def count(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        t0 = pl.load(x, [0], [64])
        k0: pl.Scalar[pl.INT64] = 0
        for k, acc in pl.while_(init_values=(k0, t0)):
            pl.cond(k < 10)
            if k == 4:
                break
            if k == 1:
                k1, acc1 = pl.yield_(k + 2, acc)
            else:
                k1, acc1 = pl.yield_(k + 1, pl.mul(acc, 2.0))
            k2, acc2 = pl.yield_(k1, acc1)
        return pl.store(acc2, [0], x)

    @pl.function(type=pl.FunctionType.InCore, strict_ssa=True)
    def nested(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        t0 = pl.load(x, [0], [64])
        for i, (o,) in pl.range(0, 4, 1, init_values=(t0,)):
            if i == 2:
                break
            for j, (p,) in pl.range(0, 3, 1, init_values=(o,)):
                if j == 1:
                    continue
                p1 = pl.yield_(pl.add(p, t0))
            o1 = pl.yield_(p1)
        for m, (q,) in pl.range(0, 2, 1, init_values=(o1,)):
            q1 = pl.yield_(pl.add(q, q))
        return pl.store(q1, [0], x)
