# pyptocc-flags: --emit=pto
# ExpandMixedKernel's two kernels run side by side and are ordered only by
# the cross-core pipe.  A tensor that one of them writes in global memory
# and the other reads (here the cube stores the product, the vector side
# loads it back to add 1) would race, so the split refuses it at the
# second access, and names both kernels; passing the tile through the
# pipe (a move of the Acc tile to Vec) is the form that splits.
import pypto.language as pl


@pl.program
class GmOrder:
    @pl.function(type=pl.FunctionType.InCore)
    def relay(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
              tmp: pl.InOut[pl.Tensor[[16, 32], pl.FP32]],
              y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        al = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        br = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        tmp = pl.store(pl.matmul(al, br), [0, 0], tmp)
        t = pl.load(tmp, [0, 0], [16, 32])
        return pl.store(pl.add(t, 1.0), [0, 0], y)
