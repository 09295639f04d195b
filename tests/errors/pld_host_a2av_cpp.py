# pyptocc-flags: --emit=cpp
# all_to_all_v's signal is set once and waited on once: in a loop of the
# host (here of rounds) it is a located error, as pypto's
# MaterializeCommDomainScopes makes it, not a program that waits forever.
import pypto.language as pl
import pypto.language.distributed as pld

SIZE = 64


@pl.program
class HostA2av:
    @pl.function(type=pl.FunctionType.InCore)
    def fill_step(self, x: pl.Tensor[[8, SIZE], pl.FP32], win: pl.Out[pld.DistributedTensor[[8, SIZE], pl.FP32]]) -> pld.DistributedTensor[[8, SIZE], pl.FP32]:
        t = pl.load(x, [0, 0], [8, SIZE])
        return pl.store(t, [0, 0], win)

    @pl.function(type=pl.FunctionType.Orchestration)
    def fill_orch(self, x: pl.Tensor[[8, SIZE], pl.FP32], win: pl.Out[pld.DistributedTensor[[8, SIZE], pl.FP32]]) -> pld.DistributedTensor[[8, SIZE], pl.FP32]:
        return self.fill_step(x, win)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, x: pl.Tensor[[8, SIZE], pl.FP32]):
        input_buf = pld.alloc_window_buffer(8 * SIZE * pl.FP32.get_byte())
        data_buf = pld.alloc_window_buffer(8 * SIZE * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(4 * pl.INT32.get_byte())
        counts_buf = pld.alloc_window_buffer(4 * pl.INT32.get_byte())
        recv_buf = pld.alloc_window_buffer(4 * pl.INT32.get_byte())
        inp = pld.window(input_buf, [8, SIZE], dtype=pl.FP32)
        data = pld.window(data_buf, [8, SIZE], dtype=pl.FP32)
        signal = pld.window(signal_buf, [4, 1], dtype=pl.INT32)
        counts = pld.window(counts_buf, [4, 1], dtype=pl.INT32)
        recv = pld.window(recv_buf, [4, 1], dtype=pl.INT32)
        for r in pl.range(4):
            self.fill_orch(x, inp, device=r)
        for _ in pl.range(2):
            data = pld.tensor.all_to_all_v(inp, data, signal, counts, recv)
