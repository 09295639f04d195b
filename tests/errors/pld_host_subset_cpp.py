# pyptocc-flags: --emit=cpp
# A launch on some of the ranks (devices 1 and 2 of 3) that passes a window
# no step on every rank uses: that window's communication domain is of
# those ranks, with ranks of its own, which the runtime does not form; a
# located error rather than a context of the wrong ranks.
import pypto.language as pl
import pypto.language.distributed as pld

SIZE = 64


@pl.program
class HostSubset:
    @pl.function(type=pl.FunctionType.InCore)
    def fill_step(self, inp: pl.Tensor[[1, SIZE], pl.FP32], win: pl.Out[pld.DistributedTensor[[1, SIZE], pl.FP32]]) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        t = pl.load(inp, [0, 0], [1, SIZE])
        return pl.store(t, [0, 0], win)

    @pl.function(type=pl.FunctionType.Orchestration)
    def fill_orch(self, inp: pl.Tensor[[1, SIZE], pl.FP32], win: pl.Out[pld.DistributedTensor[[1, SIZE], pl.FP32]]) -> pld.DistributedTensor[[1, SIZE], pl.FP32]:
        return self.fill_step(inp, win)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, x: pl.Tensor[[3, 1, SIZE], pl.FP32]):
        buf = pld.alloc_window_buffer(SIZE * pl.FP32.get_byte())
        for r in pl.range(1, 3):
            scratch = pld.window(buf, [1, SIZE], dtype=pl.FP32)
            self.fill_orch(x[r], scratch, device=r)
