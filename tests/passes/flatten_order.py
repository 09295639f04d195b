# FlattenCallExpr: nested calls are hoisted innermost-first and left to
# right, f(g(h(x)), k(y)) -> _t0 = h(x), _t1 = g(_t0), _t2 = k(y),
# f(_t1, _t2); one counter per function from 0; a call that is directly
# the value of an assignment or an evaluated statement stays.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr
@pl.program
class Order:
    @pl.function
    def tiles(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        ta = pl.block.load(a, [0, 0], [64, 64])
        tb = pl.block.load(b, [0, 0], [64, 64])
        tc = pl.block.add(pl.block.muls(pl.block.exp(ta), 2.0), pl.block.sqrt(tb))
        td = pl.block.muls(pl.block.add(pl.block.exp(tc), tb), 2.0)
        r = pl.block.store(pl.block.relu(td), [0, 0], [64, 64], out)
        return r

    @pl.function
    def scalars(self, t: pl.Tensor[[128, 64], pl.FP32]) -> pl.Scalar[pl.INT64]:
        n = pl.tensor.dim(t, 0) + pl.tensor.dim(t, 1) * 2
        m = n - pl.tensor.dim(t, 0)
        k = -pl.tensor.dim(t, 1)
        s = pl.max(pl.tensor.dim(t, 0), m) + k
        return s
