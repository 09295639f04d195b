# A kernel that uses both the cube (matmul) and the vector unit (add):
# ExpandMixedKernel splits it into an AIC kernel mixed_aic (loads to Mat,
# the matmul, then pl.tpush_to_aiv of its Acc result) and an AIV kernel
# mixed_aiv (pl.tpop_from_aic where the move to Vec was, the add, the
# slot freed after its last use, the store), each with its end of the
# cross-core pipe set up first: one direction (dir_mask=1), a slot of the
# 64x64 FP32 tile (16384 bytes), two slots reserved in the consumer's UB.
# (tests/golden/mixed_kernel_front: the front end takes it as written.)
import pypto.language as pl


@pl.program
class MixedLegalize:
    @pl.function(type=pl.FunctionType.InCore)
    def mixed(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], bias: pl.Tensor[[64, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        am = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
        cv = pl.move(c, target_memory=pl.Mem.Vec)
        d = pl.add(cv, pl.load(bias, [0, 0], [64, 64]))
        return pl.store(d, [0, 0], out)
