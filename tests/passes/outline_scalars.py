# OutlineIncoreScopes with scalar inputs and outputs: parameters of scalar
# type, a scalar computed before the scope, scalar outputs in a `ret` tuple.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
@pl.program
class Scalars:
    @pl.function
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], alpha: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Scalar[pl.INT64]:
        k = n * 2
        with pl.incore():
            t = pl.block.load(x, [0, 0], [64, 64])
            s = pl.block.muls(t, alpha)
            r = pl.block.store(s, [0, 0], [64, 64], out)
            m = k + n
            q = m // 3
        return q + m
