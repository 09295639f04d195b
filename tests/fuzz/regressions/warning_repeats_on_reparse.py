# OutlineIncoreScopes inside loops: a scope in a for body whose definitions
# the body's yield carries to the next iteration (loop-carried outputs: the
# tensor acc and the scalar total), with the loop variable and the
# iter_args as inputs; a scope whose definqtion is used only inside it (no
# output: an evaluated call); and a scope after the loops using the loops'
# return variables.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
@pl.program
class Loop:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[ 4, 64], pl.FP32]:
        acc = pl.create_tensor([64, 64], dtype=pl.FP32)
        total: pl.Scalar[pl.INT64] = 0
        for i in pl.range(4):
            with pl.incore():
                t = pl.block.load(a, [0, 0], [64, 64])
                u = pl.block.load(acc, [0, 0], [64, 64])
                acc = pl.block.store(pl.block.add(t, u), [0, 0], [64, 64], acc)
                total = total + i
        for j in pl.range(2):
            with pl.incore():
                v = pl.block.load(acc, [0, 0], [64, 64])
                r0 = pl.block.store(v, [0, 0], [64, 64], out)
        with pl.incore():
            w = pl.block.load(acc, [0, 0], [64, 64])
            r = pl.block.store(pl.block.adds(w, total), [0, 0], [64, 64], out)
        return r
