# Bad uses of the distributed layer (pypto docs/en/user/distributed/
# 02-primitives.md, docs/en/dev/distributed_ops.md): each a located error.
import pypto.language as pl
import pypto.language.distributed as pld

SIZE = 64


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        x: pl.Tensor[[1, SIZE], pl.FP32],
        data: pld.DistributedTensor[[1, SIZE], pl.FP32],
        signal: pld.DistributedTensor[[4, 1], pl.INT32],
    ) -> pl.Tensor[[1, SIZE], pl.FP32]:
        n = pld.world_size()
        buf = pld.alloc_window_buffer(256)
        ctx = pld.get_comm_ctx(x)
        r = pld.rank(x)
        pld.system.notify(data, peer=0, offsets=[0, 0], value=1, op=pld.NotifyOp.Set)
        pld.system.notify(signal, peer=0, offsets=[0], value=1, op=pld.NotifyOp.Set)
        pld.system.wait(signal, offsets=[0, 0], expected=1, cmp=pld.NotifyOp.Set)
        pld.system.wait(signal, offsets=[0, 0], expected=1, cmp=7)
        t = pld.tile.remote_load(x, peer=1, offsets=[0, 0], shape=[1, SIZE])
        u = pld.tile.remote_load(data, peer=1.5, offsets=[0, 0], shape=[1, SIZE])
        pld.notify(signal, peer=0, offsets=[0, 0], value=1, op=pld.NotifyOp.Set)
        pld.tile.no_such_op(data)
        pld.collective.allreduce(data)
        w = pld.window(x, [1, SIZE], dtype=pl.FP32)
        pld.tile.remote_store(x, data, 1, [0, 0])
        pld.system.defer_wait(signal, [0, 0], 1, cmp=pld.WaitCmp.Eq)
        d1 = pld.tensor.allreduce(data, signal, mode="tree")
        d2 = pld.tensor.allreduce(data)
        d3 = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Mean)
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(self, x: pl.Tensor[[1, SIZE], pl.FP32]) -> pl.Tensor[[1, SIZE], pl.FP32]:
        return x

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self, x: pl.Tensor[[4, 1, SIZE], pl.FP32]):
        a = pld.alloc_window_buffer([1, SIZE])
        b = pld.alloc_window_buffer(0)
        c = pld.alloc_window_buffer(64, dtype=pl.FP32)
        for r in pl.range(pld.world_size()):
            self.chip(x[r], device=1.0)
            self.chip(x[r], device=r, core=1)
            self.chip(x[r], core=1)
        return 0

    @pl.function(type=pl.FunctionType.Orchestration)
    def not_host(self, x: pl.Tensor[[1, SIZE], pl.FP32]) -> pl.Tensor[[1, SIZE], pl.FP32]:
        return self.chip(x, device=0)

