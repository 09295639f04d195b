# FlattenCallExpr on while loops: a call in an iter_arg init value is
# hoisted before the loop, calls in the body inside it; a condition without
# calls is fine.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr
@pl.program
class W:
    @pl.function
    def count(self, t: pl.Tensor[[128, 64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        for (x,) in pl.while_(init_values=(pl.tensor.dim(t, 1),)):
            pl.cond(x < n)
            x_out = pl.yield_(x + pl.tensor.dim(t, 0))
        return x_out

    @pl.function
    def natural(self, t: pl.Tensor[[128, 64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        x = pl.tensor.dim(t, 1) * 2
        while x < n:
            x = x + pl.tensor.dim(t, 0)
        return x
