# OutlineIncoreScopes: the name of an outlined function must be new; here
# the program already has a main_incore_0.
# pyptocc-flags: --passes=convert_to_ssa,outline_incore_scopes
@pl.program
class Taken:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(self, a: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        return a

    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.incore():
            ta = pl.block.load(a, [0, 0], [64, 64])
            r = pl.block.store(ta, [0, 0], [64, 64], out)
        return r
