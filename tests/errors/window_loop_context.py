# pyptocc-flags: --emit=pto
# A loop that carries a window must carry the same window: one that
# enters with `first` and is handed `second` by an iteration would start
# the next iteration with first's communication context and second's
# memory.  (A window a kernel hands back is the window it was given.)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class WindowLoopContext:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(self, flags: pl.InOut[pld.DistributedTensor[[8], pl.INT32]]) -> pld.DistributedTensor[[8], pl.INT32]:
        return flags

    @pl.function(type=pl.FunctionType.InCore)
    def settle(self, flags: pld.DistributedTensor[[8], pl.INT32]):
        pld.system.wait(flags, offsets=[0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        first: pl.InOut[pld.DistributedTensor[[8], pl.INT32]],
        second: pl.InOut[pld.DistributedTensor[[8], pl.INT32]],
    ):
        flags = first
        for _step in pl.range(3):
            self.settle(flags)
            flags = self.pick(second)
        self.settle(flags)
