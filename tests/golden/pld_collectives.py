# The distributed layer's collectives and the other ops one level up
# (pypto docs/en/dev/distributed_ops.md): allreduce and barrier over a
# signal window, a deferred wait, and the tensor form of remote_store.
import pypto.language as pl
import pypto.language.distributed as pld

SIZE = 64
NR = 4


@pl.program
class Collectives:
    @pl.function(type=pl.FunctionType.InCore)
    def step(
        self,
        x: pl.Tensor[[1, SIZE], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[1, SIZE], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[NR, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        me = pld.rank(pld.get_comm_ctx(data))
        pld.tensor.remote_store(x, data, (me + 1) % NR, [0, 0], atomic=pld.AtomicType.Add)
        signal = pld.tensor.barrier(signal)
        pld.system.defer_wait(signal, [0, 0], 1, cmp=pld.WaitCmp.Ge)
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Max, mode="ring", core_num=2)
        return data
