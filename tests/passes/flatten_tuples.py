# FlattenCallExpr: calls inside tuple elements (a list with a computed
# element) and as the operand of a tuple access are nested calls too.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr
@pl.program
class Tup:
    @pl.function(type=pl.FunctionType.InCore)
    def two(self, x: pl.Tensor[[16, 16], pl.FP32], a: pl.Tensor[[16, 16], pl.FP32]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        return a, x

    @pl.function
    def f(self, t: pl.Tensor[[128, 64], pl.FP32], x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        v = pl.view(t, [16, 16], [pl.tensor.dim(t, 0) - 16, 0])
        p = self.two(x, v)[1]
        q = pl.tensor.read(t, [pl.tensor.dim(t, 0) - 1, 0])
        return p
