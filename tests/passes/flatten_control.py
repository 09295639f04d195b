# FlattenCallExpr in control flow: a call in an if condition, a for bound or
# an iter_arg init value is hoisted before the if/for statement; calls in
# the branches and the loop body are hoisted inside them; calls as yield
# and return values are hoisted too (pyptocc).
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr
@pl.program
class Control:
    @pl.function
    def rows(self, t: pl.Tensor[[128, 64], pl.FP32]) -> pl.Scalar[pl.INT64]:
        total: pl.Scalar[pl.INT64] = 0
        for i in pl.range(0, pl.tensor.dim(t, 0), pl.tensor.dim(t, 1) // 32):
            total = total + pl.tensor.dim(t, 1)
        if pl.tensor.dim(t, 0) > 64:
            total = total * 2
        else:
            total = pl.tensor.dim(t, 1)
        return total

    @pl.function
    def carried(self, t: pl.Tensor[[128, 64], pl.FP32]) -> pl.Scalar[pl.INT64]:
        for i, (acc,) in pl.range(4, init_values=(pl.tensor.dim(t, 0),)):
            acc = pl.yield_(acc + pl.tensor.dim(t, 1))
        if acc > 0:
            r = pl.yield_(pl.tensor.dim(t, 0))
        else:
            r = pl.yield_(acc)
        return pl.tensor.dim(t, 1) + r

    @pl.function
    def ret_call(self, t: pl.Tensor[[128, 64], pl.FP32]) -> pl.Scalar[pl.INT64]:
        return pl.tensor.dim(t, 0)
