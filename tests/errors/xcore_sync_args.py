# pl.system.sync_set / sync_wait / set_ffts (pypto's DeduceCrossCoreSyncType
# and DeduceSetFFTSType): an event id of the user's range 0-13 or an INDEX
# scalar, ffts_mode 0-2 (sync_set only), core_type "aic" or "aiv", a 1-D
# INT64 workspace of at least 256 elements.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(ws: pl.Tensor[[128], pl.INT64], wf: pl.Tensor[[256], pl.FP32], e: pl.Scalar[pl.INT32],
      x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    pl.system.sync_set(event_id=14, pipe=pl.PipeType.MTE3)
    pl.system.sync_set(3, pipe=pl.PipeType.MTE3, ffts_mode=3)
    pl.system.sync_wait(e, pipe=pl.PipeType.MTE2)
    pl.system.sync_wait(3, pipe=pl.PipeType.MTE2, ffts_mode=1)
    pl.system.sync_set(3, pipe=pl.PipeType.MTE3, core_type="cube")
    pl.system.set_ffts(ws)
    pl.system.set_ffts(wf)
    return x
