# pld.tensor.allreduce of a window of rank 3 valid in part and of one
# whose columns are known only at run time, to PTO: the leading dimension
# is a loop (one index here, so none), the valid [3, 2] of each index a
# chunk of its own [3, 8] tile (rows of 32 bytes), its 3-D partition the
# window's; the run-time columns go in 16-KiB chunks, the last the valid
# part of its [1, 4096] tile.  The ring of a [2, 3, 17] window over 2 ranks
# cuts its 17 columns into segments of 8 and 9 (a [3, 16] tile valid in
# [3, 8 or 9]), moved in each round for each index of the leading
# dimension.
import pypto.language as pl
import pypto.language.distributed as pld

N = pl.dynamic("N")


@pl.program
class AllreduceNd:
    @pl.function(type=pl.FunctionType.InCore)
    def step(
        self,
        data: pl.InOut[
            pld.DistributedTensor[[2, 3, 4], pl.FP32, pl.TensorView(valid_shape=[1, 3, 2], stride=[], layout=pl.TensorLayout.ND)]
        ],
        row: pl.InOut[pld.DistributedTensor[[1, N], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ):
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Max)
        row = pld.tensor.allreduce(row, signal, op=pld.ReduceOp.Sum)

    @pl.function(type=pl.FunctionType.InCore)
    def ring(
        self,
        data: pl.InOut[pld.DistributedTensor[[2, 3, 17], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 2], pl.INT32]],
    ):
        data = pld.tensor.allreduce(data, signal, mode="ring")
