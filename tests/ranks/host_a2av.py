# The host's variable all-to-all, for tests/ranks.test: every rank fills
# its input window (a block of MAX_RECV rows per destination) and its send
# counts, the host's pld.tensor.all_to_all_v exchanges the blocks and the
# counts, and each rank copies its target window and the counts it
# received to its region of the host's outputs.  NR is a constant (build
# with -DNR=N).  With x[r] rank r's [NR * MAX_RECV, SIZE] input and c[r]
# its counts:
#   y[r][block p] = x[p][block r]       (the whole block crosses)
#   k[r][p]       = min(c[p][r], MAX_RECV)
import pypto.language as pl
import pypto.language.distributed as pld

NR = 2
MAX_RECV = 4
SIZE = 64
TOTAL = NR * MAX_RECV


@pl.program
class HostA2av:
    @pl.function(type=pl.FunctionType.InCore)
    def stage_step(
        self,
        inp: pl.Tensor[[TOTAL, SIZE], pl.FP32],
        stage: pl.Out[pld.DistributedTensor[[TOTAL, SIZE], pl.FP32]],
    ) -> pld.DistributedTensor[[TOTAL, SIZE], pl.FP32]:
        rows = pl.load(inp, [0, 0], [TOTAL, SIZE])
        return pl.store(rows, [0, 0], stage)

    @pl.function(type=pl.FunctionType.Orchestration)
    def stage_orch(
        self,
        inp: pl.Tensor[[TOTAL, SIZE], pl.FP32],
        stage: pl.Out[pld.DistributedTensor[[TOTAL, SIZE], pl.FP32]],
    ) -> pld.DistributedTensor[[TOTAL, SIZE], pl.FP32]:
        return self.stage_step(inp, stage)

    @pl.function(type=pl.FunctionType.InCore)
    def counts_step(
        self,
        src: pl.Tensor[[NR, 1], pl.INT32],
        counts: pl.Out[pld.DistributedTensor[[NR, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[NR, 1], pl.INT32]:
        for q in pl.range(NR):
            c = pl.read(src, [q, 0])
            pl.write(counts, [q, 0], c)
        return counts

    @pl.function(type=pl.FunctionType.Orchestration)
    def counts_orch(
        self,
        src: pl.Tensor[[NR, 1], pl.INT32],
        counts: pl.Out[pld.DistributedTensor[[NR, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[NR, 1], pl.INT32]:
        return self.counts_step(src, counts)

    @pl.function(type=pl.FunctionType.InCore)
    def read_step(
        self,
        data: pld.DistributedTensor[[TOTAL, SIZE], pl.FP32],
        recv: pld.DistributedTensor[[NR, 1], pl.INT32],
        out: pl.Out[pl.Tensor[[TOTAL, SIZE], pl.FP32]],
        got: pl.Out[pl.Tensor[[NR, 1], pl.INT32]],
    ) -> pl.Tensor[[TOTAL, SIZE], pl.FP32]:
        for q in pl.range(NR):
            c = pl.read(recv, [q, 0])
            pl.write(got, [q, 0], c)
        rows = pl.load(data, [0, 0], [TOTAL, SIZE])
        return pl.store(rows, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def read_orch(
        self,
        data: pld.DistributedTensor[[TOTAL, SIZE], pl.FP32],
        recv: pld.DistributedTensor[[NR, 1], pl.INT32],
        out: pl.Out[pl.Tensor[[TOTAL, SIZE], pl.FP32]],
        got: pl.Out[pl.Tensor[[NR, 1], pl.INT32]],
    ) -> pl.Tensor[[TOTAL, SIZE], pl.FP32]:
        return self.read_step(data, recv, out, got)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        x: pl.Tensor[[NR, TOTAL, SIZE], pl.FP32],
        c: pl.Tensor[[NR, NR, 1], pl.INT32],
        y: pl.Out[pl.Tensor[[NR, TOTAL, SIZE], pl.FP32]],
        k: pl.Out[pl.Tensor[[NR, NR, 1], pl.INT32]],
    ):
        input_buf = pld.alloc_window_buffer(TOTAL * SIZE * pl.FP32.get_byte())
        data_buf = pld.alloc_window_buffer(TOTAL * SIZE * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(NR * pl.INT32.get_byte())
        counts_buf = pld.alloc_window_buffer(NR * pl.INT32.get_byte())
        recv_buf = pld.alloc_window_buffer(NR * pl.INT32.get_byte())
        for r in pl.range(NR):
            stage = pld.window(input_buf, [TOTAL, SIZE], dtype=pl.FP32)
            self.stage_orch(x[r], stage, device=r)
            counts = pld.window(counts_buf, [NR, 1], dtype=pl.INT32)
            self.counts_orch(c[r], counts, device=r)
        stage = pld.window(input_buf, [TOTAL, SIZE], dtype=pl.FP32)
        data = pld.window(data_buf, [TOTAL, SIZE], dtype=pl.FP32)
        signal = pld.window(signal_buf, [NR, 1], dtype=pl.INT32)
        counts = pld.window(counts_buf, [NR, 1], dtype=pl.INT32)
        recv = pld.window(recv_buf, [NR, 1], dtype=pl.INT32)
        data = pld.tensor.all_to_all_v(stage, data, signal, counts, recv)
        for r in pl.range(NR):
            self.read_orch(data, recv, y[r], k[r], device=r)
