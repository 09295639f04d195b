# A kernel that uses both the cube (matmul) and the vector unit (add) is
# well formed, as pypto takes it (its ExpandMixedKernel splits it): the
# front end and --emit=py take it; tests/errors/mixed_kernel_legalize has
# the kernel outputs' refusal.
import pypto.language as pl


@pl.program
class MixedFront:
    @pl.function(type=pl.FunctionType.InCore)
    def mixed(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16], bias: pl.Tensor[[64, 64], pl.FP32],
              out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        am = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        c = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
        cv = pl.move(c, target_memory=pl.Mem.Vec)
        d = pl.add(cv, pl.load(bias, [0, 0], [64, 64]))
        return pl.store(d, [0, 0], out)
