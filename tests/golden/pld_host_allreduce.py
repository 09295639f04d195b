# Host orchestration that reduces a window between two dispatches
# (pypto docs/en/dev/distributed_ops.md, pld.tensor.allreduce): the host's
# form may leave the signal window out (the compiler gives it one); the
# kernel's form passes it.  Printed back as written.
import pypto.language as pl
import pypto.language.distributed as pld

SIZE = 64


@pl.program
class HostAllReduce:
    @pl.function(type=pl.FunctionType.InCore)
    def publish(
        self,
        x: pl.Tensor[[1, SIZE], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[1, SIZE], pl.FP32]],
    ) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        t = pl.load(x, [0, 0], [1, SIZE])
        data = pl.store(t, [0, 0], data)
        return data

    @pl.function(type=pl.FunctionType.Orchestration)
    def publish_orch(
        self,
        x: pl.Tensor[[1, SIZE], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[1, SIZE], pl.FP32]],
    ) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        return self.publish(x, data)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self, xs: pl.Tensor[[2, 1, SIZE], pl.FP32]):
        buf = pld.alloc_window_buffer([1, SIZE], dtype=pl.FP32)
        data = pld.window(buf, [1, SIZE], dtype=pl.FP32)
        for r in pl.range(pld.world_size()):
            self.publish_orch(xs[r], data, device=r)
        data = pld.tensor.allreduce(data, op=pld.ReduceOp.Max)
        data = pld.tensor.allreduce(data, mode="mesh")
