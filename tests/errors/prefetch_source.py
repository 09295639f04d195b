# pl.prefetch.async_prefetch takes a flat, static, contiguous GM region
# (PTOAS's TPrefetchAsyncOp verifier) and a prefetch context; the wait
# takes an event and a session.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[32, 256], pl.FP32], n: pl.Scalar[pl.INDEX], y: pl.Tensor[[1, n], pl.FP32],
          out: pl.Out[pl.Tensor[[32, 256], pl.FP32]]) -> pl.Tensor[[32, 256], pl.FP32]:
        ctx = pl.prefetch.make_context()
        e1 = pl.prefetch.async_prefetch(x, ctx)
        e2 = pl.prefetch.async_prefetch(y, ctx)
        e3 = pl.prefetch.async_prefetch(pl.load(x, [0, 0], [1, 256]), ctx)
        session = pl.prefetch.session(ctx)
        done = pl.prefetch.wait(session, session)
        t = pl.load(x, [0, 0], [32, 256])
        return pl.store(t, [0, 0], out)
