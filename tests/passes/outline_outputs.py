# OutlineIncoreScopes call sites: no output (an evaluated call), several
# outputs (a `ret` tuple, then one assignment per output in sorted order,
# reusing the original variables), and inputs sorted by name, not by first
# use.  Values defined in a scope and not used after it are not outputs.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
@pl.program
class Outputs:
    @pl.function
    def none(self, z: pl.Tensor[[64, 64], pl.FP32], a: pl.Tensor[[64, 64], pl.FP32]):
        with pl.incore():
            ta = pl.block.load(z, [0, 0], [64, 64])
            tb = pl.block.exp(ta)
            pl.block.store(tb, [0, 0], [64, 64], a)

    @pl.function
    def several(self, y: pl.Tensor[[64, 64], pl.FP32], x: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.incore():
            tx = pl.block.load(x, [0, 0], [64, 64])
            ty = pl.block.load(y, [0, 0], [64, 64])
            unused = pl.block.mul(tx, ty)
            sum_ = pl.block.add(tx, ty)
            diff = pl.block.sub(tx, ty)
        with pl.incore():
            prod = pl.block.mul(sum_, diff)
            r = pl.block.store(prod, [0, 0], [64, 64], out)
        return r
