# pyptocc-flags: --emit=pto
# ExpandMixedKernel's two kernels run side by side and are ordered only by
# the cross-core pipe.  One side's store before the other side's later
# load is fenced (tests/e2e/mixed_gm_fence.py, mixed_gm_fence_v2c.py); a
# load before the other side's store (here the cube loads tmp to multiply,
# then the vector side overwrites tmp with t + 1) is not, so the split
# refuses it at the second access, and names both kernels.
import pypto.language as pl


@pl.program
class GmOrder:
    @pl.function(type=pl.FunctionType.InCore)
    def relay(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
              tmp: pl.InOut[pl.Tensor[[16, 32], pl.FP16]],
              y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        al = pl.move(pl.load(tmp, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        br = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        y = pl.store(pl.matmul(al, br), [0, 0], y)
        t = pl.load(a, [0, 0], [16, 32])
        tmp = pl.store(pl.add(t, 1.0), [0, 0], tmp)
        return y
