# pld.tensor.all_to_all_v in a kernel, to PTO: for each rank p, the count
# send_counts[p] read from global memory, clamped to MAX_RECV (8 / 2 = 4
# rows), set into p's recv_counts[me, 0] (a TNOTIFY Set), and block p of
# the input put whole into block me of p's window through a staging tile;
# then the self-clearing barrier.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class A2avKernel:
    @pl.function(type=pl.FunctionType.InCore)
    def exchange(
        self,
        inp: pl.Tensor[[8, 64], pl.FP32],
        counts: pl.Tensor[[2], pl.INT32],
        data: pl.InOut[pld.DistributedTensor[[8, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
        recv_counts: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[8, 64], pl.FP32]:
        data = pld.tensor.all_to_all_v(inp, data, signal, counts, recv_counts)
        return data
