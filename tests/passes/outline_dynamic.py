# OutlineIncoreScopes with a dynamic dimension: N appears only inside the
# types of the variables (a module-level pl.dynamic), so it is not a
# parameter of the outlined functions.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
import pypto.language as pl

N = pl.dynamic("N")


@pl.program
class Dyn:
    @pl.function
    def main(self, t: pl.Tensor[[N, 64], pl.FP32], out: pl.Tensor[[N, 64], pl.FP32]) -> pl.Tensor[[N, 64], pl.FP32]:
        with pl.incore():
            a = pl.load(t, [0, 0], [32, 64])
            r = pl.store(a, [0, 0], [32, 64], out)
        with pl.incore():
            b = pl.load(r, [32, 0], [32, 64])
            s = pl.store(pl.exp(b), [32, 0], [32, 64], r)
        return s
