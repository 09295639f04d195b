# pyptocc-flags: --emit=pto
# Cross-core events PTOAS 0.60 rejects on A2/A3: an event before the FFTS
# unit has its workspace ("A3 inter-core sync requires explicit
# pto.set_ffts in the same function"); and one for the other core
# (core_type="aic") in a kernel its author typed AIV: ExpandMixedKernel
# moves such an event to its core only out of a mixed InCore kernel.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(ws: pl.Tensor[[256], pl.INT64], x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    pl.system.sync_set(event_id=3, pipe=pl.PipeType.MTE3)
    pl.system.set_ffts(ws)
    pl.system.sync_wait(3, pipe=pl.PipeType.MTE2, core_type="aic")
    pl.system.sync_wait(3, pipe=pl.PipeType.MTE2, core_type="aiv")
    return x
