# Found by fuzz_pipeline (seed 19) on 53aa29f: with N undefined, an
# outlined kernel takes a tensor of dimension N // 64, which both printers
# refused after a clean pipeline.  Legalize reports it now
# (tests/errors/legalize_dim_expression).
#
# pyptocc-flags: --passes=default
# 'with pl.incore():' scopes inside an orchestration loop over views: each
# 64-row block x[i:i+64] (a pl.view made outside the scope) gets a row
# softmax scaled by the block's row of a gain table (a pl.view made inside
# the scope), assembled into the loop-carried output in place.
# OutlineIn6666666666666666666666666666666666666666
D = 128
BLOCK = 64


@pl.program
class ScopeViews:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[N, D], pl.FP32],
        gains: pl.Tensor[[N // BLOCK, D], pl.FP32],
        y: pl.Out[pl.Tensor[[N, D], pl.FP32]],
    ) -> pl.Tensor[[N, D], pl.FP32]:
        for i, (acc,) in pl.range(0, N, BLOCK, init_values=(y,)):
            xi = pl.view(x, [BLOCK, D], [i, 0])
            with pl.incore():
                g = pl.view(gains, [1, D], [i // BLOCK, 0])
                m = pl.row_max(xi)
                e = pl.exp(pl.sub(xi, m))
                r = pl.mul(pl.div(e, pl.row_sum(e)), g)
                acc2 = pl.assemble(acc, r, [i, 0])
            acc = pl.yield_(acc2)
        return acc
