# pyptocc-flags: --emit=cpp
# A host all-reduce without a signal gets one from the compiler, allocated
# once, outside loops (pypto's SynthesizeAllReduceSignals); in a loop of
# rounds it is a located error that says to pass one.
import pypto.language as pl
import pypto.language.distributed as pld

SIZE = 256


@pl.program
class HostLoopSignal:
    @pl.function(type=pl.FunctionType.InCore)
    def fill_step(self, x: pl.Tensor[[1, SIZE], pl.FP32], data: pl.Out[pld.DistributedTensor[[1, SIZE], pl.FP32]]) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        t = pl.load(x, [0, 0], [1, SIZE])
        return pl.store(t, [0, 0], data)

    @pl.function(type=pl.FunctionType.Orchestration)
    def fill_orch(self, x: pl.Tensor[[1, SIZE], pl.FP32], data: pl.Out[pld.DistributedTensor[[1, SIZE], pl.FP32]]) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        return self.fill_step(x, data)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, x: pl.Tensor[[1, SIZE], pl.FP32]):
        data_buf = pld.alloc_window_buffer(SIZE * pl.FP32.get_byte())
        data = pld.window(data_buf, [1, SIZE], dtype=pl.FP32)
        for r in pl.range(pld.world_size()):
            self.fill_orch(x, data, device=r)
        for _ in pl.range(2):
            data = pld.tensor.allreduce(data, op=pld.ReduceOp.Sum)
