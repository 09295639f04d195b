# pyptocc-flags: --emit=pto
# The ring all-reduce of a window of any rank needs a signal with a row per
# round, [2 (NR - 1), NR] of a constant NR: a mesh signal [NR, 1] or one of
# too few rows is a located error.
import pypto.language as pl
import pypto.language.distributed as pld

N = pl.dynamic("N")


@pl.program
class RingSignal:
    @pl.function(type=pl.FunctionType.InCore)
    def mesh_signal(
        self,
        data: pl.InOut[pld.DistributedTensor[[2, 3, 17], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ):
        data = pld.tensor.allreduce(data, signal, mode="ring")

    @pl.function(type=pl.FunctionType.InCore)
    def few_rows(
        self,
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 4], pl.INT32]],
    ):
        data = pld.tensor.allreduce(data, signal, mode="ring")

    @pl.function(type=pl.FunctionType.InCore)
    def runtime_ranks(
        self,
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, N], pl.INT32]],
    ):
        data = pld.tensor.allreduce(data, signal, mode="ring")
