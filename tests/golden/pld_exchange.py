# The composite collectives beside allreduce (pypto's collective.cpp):
# broadcast from a root, reduce_scatter of one row per rank, allgather of
# one row from each rank, all_to_all of row blocks, and all_to_all_v with
# its counts. Each returns its window, written in place.
import pypto.language as pl
import pypto.language.distributed as pld

NR = 4
SIZE = 64
R = 2


@pl.program
class Exchange:
    @pl.function(type=pl.FunctionType.InCore)
    def exchange(
        self,
        row: pl.Tensor[[1, SIZE], pl.FP32],
        blocks: pl.Tensor[[NR * R, SIZE], pl.FP32],
        counts: pl.Tensor[[NR], pl.INT32],
        data: pl.InOut[pld.DistributedTensor[[NR, SIZE], pl.FP32]],
        staged: pl.InOut[pld.DistributedTensor[[NR * R, SIZE], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
        recv_counts: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
    ):
        data = pld.tensor.broadcast(data, signal, root=0)
        data = pld.tensor.reduce_scatter(data, signal)
        data = pld.tensor.allgather(row, data, signal)
        staged = pld.tensor.all_to_all(blocks, staged, signal)
        staged = pld.tensor.all_to_all_v(blocks, staged, signal, counts, recv_counts)
