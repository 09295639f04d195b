# pyptocc-flags: --emit=pto
# pypto accepts a signal of any element type in notify and wait; PTOAS's
# pto.comm.tnotify and twait and pto-isa's TNOTIFY and TWAIT take INT32
# cells, so a window of FP32 signals is Legalize's located error.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FloatSignals:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, data: pld.DistributedTensor[[16, 16], pl.FP32], flags: pld.DistributedTensor[[4, 1], pl.INT32]):
        pld.system.notify(data, peer=1, offsets=[0, 0], value=1, op=pld.NotifyOp.Set)
        pld.system.wait(data, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Eq)
        pld.system.wait(flags, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Eq)
