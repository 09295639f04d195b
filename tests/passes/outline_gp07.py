# OutlineIncoreScopes on GP7 (passes.md 5.3): inputs a_0, b_0, out_0 (sorted
# by name), one output r_0; the parent becomes Orchestration (pyptocc, see
# outline_incore_scopes.c) and prints after the outlined function.
# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes
@pl.program
class IncoreProg:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
             out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.incore():
            ta: pl.Tile[[64, 64], pl.FP32] = pl.block.load(a, [0, 0], [64, 64])
            tb: pl.Tile[[64, 64], pl.FP32] = pl.block.load(b, [0, 0], [64, 64])
            tc: pl.Tile[[64, 64], pl.FP32] = pl.block.muls(pl.block.add(ta, tb), 2.0)
            r: pl.Tensor[[64, 64], pl.FP32] = pl.block.store(tc, [0, 0], [64, 64], out)
        return r
