# The asynchronous GM -> L2 prefetch (pl.prefetch.*, docs/en/api/
# prefetch.md): a kernel warms L2 with a flat weight row, waits for it,
# then computes with it.  A prefetch changes no value: out = x * w (w one
# row of 256, broadcast over x's 32 rows), and the session's wait is true.
import pypto.language as pl


@pl.program
class Prefetch:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[32, 256], pl.FP32], w: pl.Tensor[[1, 256], pl.FP32],
              out: pl.Out[pl.Tensor[[32, 256], pl.FP32]]) -> pl.Tensor[[32, 256], pl.FP32]:
        ctx = pl.prefetch.make_context()
        evt = pl.prefetch.async_prefetch(w, ctx)
        session = pl.prefetch.session(ctx)
        t = pl.load(x, [0, 0], [32, 256])
        landed = pl.prefetch.wait(evt, session)
        wt = pl.load(w, [0, 0], [1, 256])
        return pl.store(pl.col_expand_mul(t, wt), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 256], pl.FP32], w: pl.Tensor[[1, 256], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 256], pl.FP32]]) -> pl.Tensor[[32, 256], pl.FP32]:
        out = self.scale(x, w, out)
        return out
