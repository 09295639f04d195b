# OutlineIncoreScopes after inline expansion: a @pl.inline function called
# inside a scope is expanded there, so its statements go into the outlined
# function; the closure constant stays a constant.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
import pypto.language as pl

SCALE = 0.5


@pl.inline
def scaled_exp(t):
    e = pl.block.exp(t)
    s = pl.block.muls(e, SCALE)
    return s


@pl.program
class Inl:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.incore():
            t = pl.block.load(a, [0, 0], [64, 64])
            u = scaled_exp(t)
            r = pl.block.store(scaled_exp(u), [0, 0], [64, 64], out)
        return r
