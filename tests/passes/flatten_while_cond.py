# FlattenCallExpr: a call in a while condition cannot be hoisted (the
# condition is evaluated on every iteration), so it is an error, reported
# once per outermost call; every function is checked.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr
@pl.program
class W:
    @pl.function
    def natural(self, t: pl.Tensor[[128, 64], pl.FP32]) -> pl.Scalar[pl.INT64]:
        x = 0
        while x + 1 < pl.tensor.dim(t, 0):
            x = x + 2
        return x

    @pl.function
    def ssa(self, t: pl.Tensor[[128, 64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        x0: pl.Scalar[pl.INT64] = 0
        for (x,) in pl.while_(init_values=(x0,)):
            pl.cond(pl.tensor.dim(t, 0) + pl.tensor.dim(t, 1) > x)
            x_out = pl.yield_(x + 1)
        return x_out
