# pyptocc-flags: --emit=pto --arch=a5
# A5's cross-core events take the pipes FIX, MTE1, MTE2, MTE3 and V
# (PTOAS 0.60: "A5 sync.set expects pipe to be one of ...").
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    pl.system.sync_set(3, pipe=pl.PipeType.S)
    pl.system.sync_wait(3, pipe=pl.PipeType.ALL)
    pl.system.sync_wait(3, pipe=pl.PipeType.V)
    return x
