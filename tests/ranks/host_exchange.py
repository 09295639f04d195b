# The host collectives between launches, for tests/ranks.test: an
# all-to-all, an all-gather, a reduce-scatter and a broadcast of window
# views, each between a launch that fills the window on every rank and one
# that copies it to the rank's row of a host output, then a barrier.  The
# number of ranks is the constant NR (build with -DNR=N).  With x[r] rank
# r's [NR, SIZE] rows:
#   a[r][p] = x[p][r]       (all_to_all: row p from rank p)
#   g[r][p] = x[p][p]       (allgather of each rank's row p = r of x[r])
#   s[r][r] = sum over q of x[q][r]   (reduce_scatter; rank r's row r)
#   b[r]    = x[ROOT]       (broadcast)
import pypto.language as pl
import pypto.language.distributed as pld

NR = 2
SIZE = 64
ROOT = 1   # -DROOT=0 for one rank


@pl.program
class HostExchange:
    @pl.function(type=pl.FunctionType.InCore)
    def fill_step(
        self,
        inp: pl.Tensor[[NR, SIZE], pl.FP32],
        win: pl.Out[pld.DistributedTensor[[NR, SIZE], pl.FP32]],
    ) -> pld.DistributedTensor[[NR, SIZE], pl.FP32]:
        rows = pl.load(inp, [0, 0], [NR, SIZE])
        return pl.store(rows, [0, 0], win)

    @pl.function(type=pl.FunctionType.Orchestration)
    def fill_orch(
        self,
        inp: pl.Tensor[[NR, SIZE], pl.FP32],
        win: pl.Out[pld.DistributedTensor[[NR, SIZE], pl.FP32]],
    ) -> pld.DistributedTensor[[NR, SIZE], pl.FP32]:
        return self.fill_step(inp, win)

    @pl.function(type=pl.FunctionType.InCore)
    def row_step(
        self,
        inp: pl.Tensor[[NR, SIZE], pl.FP32],
        win: pl.Out[pld.DistributedTensor[[1, SIZE], pl.FP32]],
        rank: pl.Scalar[pl.INT32],
    ) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        row = pl.load(inp, [rank, 0], [1, SIZE])
        return pl.store(row, [0, 0], win)

    @pl.function(type=pl.FunctionType.Orchestration)
    def row_orch(
        self,
        inp: pl.Tensor[[NR, SIZE], pl.FP32],
        win: pl.Out[pld.DistributedTensor[[1, SIZE], pl.FP32]],
        rank: pl.Scalar[pl.INT32],
    ) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        return self.row_step(inp, win, rank)

    @pl.function(type=pl.FunctionType.InCore)
    def read_step(
        self,
        win: pld.DistributedTensor[[NR, SIZE], pl.FP32],
        out: pl.Out[pl.Tensor[[NR, SIZE], pl.FP32]],
    ) -> pl.Tensor[[NR, SIZE], pl.FP32]:
        rows = pl.load(win, [0, 0], [NR, SIZE])
        return pl.store(rows, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def read_orch(
        self,
        win: pld.DistributedTensor[[NR, SIZE], pl.FP32],
        out: pl.Out[pl.Tensor[[NR, SIZE], pl.FP32]],
    ) -> pl.Tensor[[NR, SIZE], pl.FP32]:
        return self.read_step(win, out)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        x: pl.Tensor[[NR, NR, SIZE], pl.FP32],
        a: pl.Out[pl.Tensor[[NR, NR, SIZE], pl.FP32]],
        g: pl.Out[pl.Tensor[[NR, NR, SIZE], pl.FP32]],
        s: pl.Out[pl.Tensor[[NR, NR, SIZE], pl.FP32]],
        b: pl.Out[pl.Tensor[[NR, NR, SIZE], pl.FP32]],
    ):
        stage_buf = pld.alloc_window_buffer(NR * SIZE * pl.FP32.get_byte())
        data_buf = pld.alloc_window_buffer(NR * SIZE * pl.FP32.get_byte())
        row_buf = pld.alloc_window_buffer(SIZE * pl.FP32.get_byte())
        signal_buf = pld.alloc_window_buffer(NR * pl.INT32.get_byte())
        signal = pld.window(signal_buf, [NR], dtype=pl.INT32)
        # all_to_all
        for r in pl.range(NR):
            stage = pld.window(stage_buf, [NR, SIZE], dtype=pl.FP32)
            self.fill_orch(x[r], stage, device=r)
        stage = pld.window(stage_buf, [NR, SIZE], dtype=pl.FP32)
        data = pld.window(data_buf, [NR, SIZE], dtype=pl.FP32)
        data = pld.tensor.all_to_all(stage, data, signal)
        for r in pl.range(NR):
            self.read_orch(data, a[r], device=r)
        # allgather
        for r in pl.range(NR):
            row = pld.window(row_buf, [1, SIZE], dtype=pl.FP32)
            self.row_orch(x[r], row, r, device=r)
        row = pld.window(row_buf, [1, SIZE], dtype=pl.FP32)
        data = pld.tensor.allgather(row, data, signal)
        for r in pl.range(NR):
            self.read_orch(data, g[r], device=r)
        # reduce_scatter
        for r in pl.range(NR):
            self.fill_orch(x[r], data, device=r)
        data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)
        for r in pl.range(NR):
            self.read_orch(data, s[r], device=r)
        # broadcast
        for r in pl.range(NR):
            self.fill_orch(x[r], data, device=r)
        data = pld.tensor.broadcast(data, signal, root=ROOT)
        for r in pl.range(NR):
            self.read_orch(data, b[r], device=r)
        signal = pld.tensor.barrier(signal)
