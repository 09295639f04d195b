# OutlineIncoreScopes: several scopes in one function are main_incore_0,
# main_incore_1, ...; the tuple temporaries of the multi-output ones are
# `ret` and then the next `ret_<n>` the function does not define yet (the
# program's own `ret` became ret_0 and ret_1 in ConvertToSSA, so the second
# is ret_2).  Between the scopes, ordinary statements stay in the parent.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
@pl.program
class Two:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.incore():
            t = pl.block.load(a, [0, 0], [64, 64])
            e = pl.block.exp(t)
            s = pl.block.sqrt(t)
        ret = pl.tensor.dim(a, 0)
        ret = ret + 1
        with pl.incore():
            m = pl.block.mul(e, s)
            n = pl.block.muls(m, ret)
        with pl.incore():
            r = pl.block.store(pl.block.add(m, n), [0, 0], [64, 64], out)
        return r
