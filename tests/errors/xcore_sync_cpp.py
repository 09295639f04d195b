# pyptocc-flags: --emit=cpp
# pto-isa 3186c381 has no cross-core event in its tile API or its CPU
# simulator, so the C++ output has none: each op is a located error (the
# PTO output has them, tests/pto/xcore_sync).
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(ws: pl.Tensor[[256], pl.INT64], x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    pl.system.set_ffts(ws)
    pl.system.sync_set(3, pipe=pl.PipeType.MTE3)
    pl.system.sync_wait(3, pipe=pl.PipeType.MTE2)
    return x
