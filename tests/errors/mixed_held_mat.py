# pyptocc-flags: --emit=pto
# ExpandMixedKernel frees each tile popped from the cross-core pipe after
# its last use, in pop order (a TFREE gives back the oldest slot).  A Vec
# tile the vector side pops and reads across a loop that pops again is
# copied out of its slot; a Mat tile the cube pops has no such copy, so a
# Mat tile read in a loop that pops another tile of the pipe cannot be
# split, and the split says so at its pop.
import pypto.language as pl


@pl.program
class HeldMat:
    @pl.function(type=pl.FunctionType.InCore)
    def held(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
             y: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        m = pl.move(pl.add(t, t), target_memory=pl.Mem.Mat)
        br = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        for i in pl.range(0, 64, 16):
            g = pl.move(pl.add(t, t), target_memory=pl.Mem.Left)
            acc = pl.matmul_acc(pl.matmul(g, br), pl.move(m, target_memory=pl.Mem.Left), br)
            y = pl.store(acc, [i, 0], y)
        return y
