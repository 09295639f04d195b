# OutlineIncoreScopes: a return or a yield directly inside a scope would
# leave the outlined function instead of the construct it belongs to, so
# it is an error (yields of constructs inside the scope are fine).
# pyptocc-flags: --passes=convert_to_ssa,outline_incore_scopes
@pl.program
class Exit:
    @pl.function
    def early(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]):
        with pl.incore():
            ta = pl.block.load(a, [0, 0], [64, 64])
            r = pl.block.store(ta, [0, 0], [64, 64], out)
            return

    @pl.function
    def loop(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i, (s,) in pl.range(4, init_values=(out,)):
            with pl.incore():
                ta = pl.block.load(a, [0, 0], [64, 64])
                if i > 0:
                    tb = pl.yield_(pl.block.exp(ta))
                else:
                    tb = pl.yield_(ta)
                r = pl.block.store(tb, [0, 0], [64, 64], s)
                s = pl.yield_(r)
        return s
