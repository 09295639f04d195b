# Cross-core events on A2/A3 (pypto's system.set_ffts, sync_set,
# sync_wait): the FFTS unit's workspace given first, as PTOAS 0.60 wants
# there, then events by a constant id, with an FFTS mode, and by an INDEX
# id read at run time.  pto.set_ffts, pto.sync.set, pto.sync.wait; pto-isa
# has no C++ of them (the op rows say why).
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def xcore_sync(ws: pl.Tensor[[256], pl.INT64], x: pl.Tensor[[16, 64], pl.FP32], ev: pl.Scalar[pl.INDEX],
               y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    pl.system.set_ffts(ws)
    t = pl.load(x, [0, 0], [16, 64])
    pl.system.sync_set(event_id=3, pipe=pl.PipeType.MTE3, ffts_mode=1)
    pl.system.sync_wait(event_id=3, pipe=pl.PipeType.MTE2)
    pl.system.sync_set(ev, pipe=pl.PipeType.V, core_type="aiv")
    pl.system.sync_wait(ev, pipe=pl.PipeType.V)
    y = pl.store(pl.add(t, t), [0, 0], y)
    return y
