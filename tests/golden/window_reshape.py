# A reshape of a window-bound tensor (pl.tensor.view(t, shape) without an
# offset) is the window's own memory, so it stays a pld.DistributedTensor
# that a signal wait can take; so do a loop's carried window and a
# window merged from the branches of an if.  In a kernel a reshape into
# the shape the tensor has is the tensor itself (pypto's FoldNoOpReshape);
# one into another shape is a located error there.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class WindowReshape:
    @pl.function(type=pl.FunctionType.InCore)
    def flat_wait(self, flags: pld.DistributedTensor[[4, 8], pl.INT32]):
        same = pl.tensor.view(flags, [4, 8])
        pld.system.wait(same, offsets=[3, 5], expected=1, cmp=pld.WaitCmp.Ge)

    @pl.function(type=pl.FunctionType.InCore)
    def carried_wait(self, flags: pld.DistributedTensor[[8, 8], pl.INT32], again: pl.Scalar[pl.BOOL]):
        for _k, (w,) in pl.range(2, init_values=(flags,)):
            out = pl.yield_(w)
        picked = out
        if again:
            picked = flags
        square = pl.tensor.view(picked, [8, 8])
        pld.system.wait(square, offsets=[0, 1], expected=2, cmp=pld.WaitCmp.Eq)
