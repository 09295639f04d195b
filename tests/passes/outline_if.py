# OutlineIncoreScopes inside if branches: each branch's scope is outlined
# (numbered in program order); the branch's yield uses the scope's output.
# (The tiles have different names: a name assigned in both branches would
# become a phi, and so an output too.)
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
@pl.program
class Branch:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        r = out
        if n > 0:
            with pl.incore():
                t = pl.block.load(a, [0, 0], [64, 64])
                r = pl.block.store(pl.block.exp(t), [0, 0], [64, 64], out)
        else:
            with pl.incore():
                u = pl.block.load(a, [0, 0], [64, 64])
                r = pl.block.store(pl.block.neg(u), [0, 0], [64, 64], out)
        return r
