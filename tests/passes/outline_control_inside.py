# OutlineIncoreScopes with control flow inside the scope: a loop whose
# iter_arg starts from a value of the scope, an if on an input whose result
# is used after the if, and a while loop on an input; the loop and if
# results used after the scope are its outputs.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
@pl.program
class Inside:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        k = n + 1
        with pl.incore():
            t = pl.block.load(a, [0, 0], [64, 64])
            for i in pl.range(0, n, 1):
                t = pl.block.add(t, t)
            if k > 2:
                t = pl.block.exp(t)
            c = 0
            while c < k:
                c = c + 1
            r = pl.block.store(pl.block.adds(t, c), [0, 0], [64, 64], out)
        m = c * k
        return r
