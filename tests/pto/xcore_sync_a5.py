# pyptocc-flags: --arch=a5
# Cross-core events on A5: no FFTS workspace is needed; the pipes are FIX,
# MTE1, MTE2, MTE3 and V (PTOAS 0.60's A5 sync verifiers), the id 0-13 or
# an INDEX read at run time.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def xcore_sync_a5(ev: pl.Scalar[pl.INDEX], x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
    pl.system.sync_set(13, pipe=pl.PipeType.FIX, ffts_mode=2)
    pl.system.sync_wait(13, pipe=pl.PipeType.MTE1)
    pl.system.sync_set(ev, pipe=pl.PipeType.V)
    pl.system.sync_wait(ev, pipe=pl.PipeType.MTE2)
    return x
