# A window a kernel hands back (an InOut window parameter it returns, alone
# or in a tuple) is the window its caller passed: MaterializeCommContext
# gives the caller's later uses of it that argument's communication
# context, as it does for a copy of a window (pypto's
# MaterializeDistTensorCtx resolves results through the callee's return).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class WindowReturned:
    @pl.function(type=pl.FunctionType.InCore)
    def arm(self, flags: pl.InOut[pld.DistributedTensor[[8], pl.INT32]]) -> pld.DistributedTensor[[8], pl.INT32]:
        pld.system.notify(flags, offsets=[0], value=1, op=pld.NotifyOp.Set, peer=0)
        return flags

    @pl.function(type=pl.FunctionType.InCore)
    def swap(
        self,
        a: pl.InOut[pld.DistributedTensor[[8], pl.INT32]],
        b: pl.InOut[pld.DistributedTensor[[8], pl.INT32]],
    ) -> tuple[pld.DistributedTensor[[8], pl.INT32], pld.DistributedTensor[[8], pl.INT32]]:
        return b, a

    @pl.function(type=pl.FunctionType.InCore)
    def settle(self, flags: pld.DistributedTensor[[8], pl.INT32]):
        pld.system.wait(flags, offsets=[0], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        first: pl.InOut[pld.DistributedTensor[[8], pl.INT32]],
        second: pl.InOut[pld.DistributedTensor[[8], pl.INT32]],
    ):
        armed = self.arm(first)
        self.settle(armed)
        pair = self.swap(first, second)
        self.settle(pair[0])
        again = second
        self.settle(again)
