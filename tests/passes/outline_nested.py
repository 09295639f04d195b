# OutlineIncoreScopes: nested scopes are outlined first, from inside the
# outer scope, as main_incore_0_incore_0 and main_incore_0_incore_1 (their
# `ret` is taken first, so the outer call's tuple is ret_1).  Inputs of an
# inner scope come from the outer scope (h, and v, an output of the first
# inner scope) or from the function (a, b, out: through the outer
# function's parameters); a value an inner scope defines and the function
# uses after the outer scope (w, x) is an output of both.
# The outer function holds outlined calls, so it is an Orchestration
# function like the parent; the second top-level scope is main_incore_1.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
@pl.program
class Nested:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.incore():
            h = pl.view(b, [32, 64], [32, 0])
            with pl.incore():
                ta = pl.block.load(a, [0, 0], [64, 64])
                tb = pl.block.load(b, [0, 0], [64, 64])
                v = pl.block.add(ta, tb)
                w = pl.block.mul(ta, tb)
            with pl.incore():
                th = pl.block.load(h, [0, 0], [32, 64])
                u = pl.block.exp(v)
                x = pl.block.store(u, [0, 0], [64, 64], out)
        with pl.incore():
            y = pl.block.add(w, w)
            r = pl.block.store(y, [0, 0], [64, 64], x)
        return r
