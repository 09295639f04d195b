# Bad composite collectives: each a located error.
import pypto.language as pl
import pypto.language.distributed as pld

NR = 4
SIZE = 64


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def exchange(
        self,
        row: pl.Tensor[[2, SIZE], pl.FP32],
        half: pl.Tensor[[1, SIZE], pl.FP16],
        counts: pl.Tensor[[NR], pl.FP32],
        icounts: pl.Tensor[[NR], pl.INT32],
        data: pl.InOut[pld.DistributedTensor[[NR, SIZE], pl.FP32]],
        flat: pl.InOut[pld.DistributedTensor[[NR * SIZE], pl.FP32]],
        staged: pl.InOut[pld.DistributedTensor[[6, SIZE], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
        wide: pl.InOut[pld.DistributedTensor[[NR, 2], pl.INT32]],
    ):
        a = pld.tensor.broadcast(data, signal, root=4)
        b = pld.tensor.broadcast(data, signal)
        c = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Max)
        d = pld.tensor.reduce_scatter(flat, signal)
        e = pld.tensor.allgather(row, data, signal)
        f = pld.tensor.allgather(half, data, signal)
        g = pld.tensor.all_to_all(data, data, signal)
        h = pld.tensor.all_to_all(row, data, wide)
        i = pld.tensor.all_to_all_v(row, staged, signal, counts, signal)
        j = pld.tensor.all_to_all_v(row, staged, signal, icounts, signal)
        k = pld.tensor.all_to_all_v(row, data, signal, icounts, wide)
