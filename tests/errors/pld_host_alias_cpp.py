# pyptocc-flags: --emit=cpp
# The window operands of a host collective are views of distinct window
# buffers (pypto's LowerHostTensorCollectives: two views of one buffer race
# across the ranks); here the data and the signal share one.
import pypto.language as pl
import pypto.language.distributed as pld

SIZE = 64
NR = pl.dynamic("NR")


@pl.program
class HostAlias:
    @pl.function(type=pl.FunctionType.InCore)
    def fill_step(self, inp: pl.Tensor[[1, SIZE], pl.FP32], win: pl.Out[pld.DistributedTensor[[1, SIZE], pl.FP32]]) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        t = pl.load(inp, [0, 0], [1, SIZE])
        return pl.store(t, [0, 0], win)

    @pl.function(type=pl.FunctionType.Orchestration)
    def fill_orch(self, inp: pl.Tensor[[1, SIZE], pl.FP32], win: pl.Out[pld.DistributedTensor[[1, SIZE], pl.FP32]]) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        return self.fill_step(inp, win)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, x: pl.Tensor[[NR, 1, SIZE], pl.FP32]):
        buf = pld.alloc_window_buffer(2 * SIZE * pl.FP32.get_byte())
        for r in pl.range(pld.world_size()):
            data = pld.window(buf, [1, SIZE], dtype=pl.FP32)
            self.fill_orch(x[r], data, device=r)
        data = pld.window(buf, [1, SIZE], dtype=pl.FP32)
        signal = pld.window(buf, [pld.world_size()], dtype=pl.INT32)
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
