# A mixed kernel whose vector side stores into global memory, in a loop,
# what the cube loads after the loop: the cube multiplies the stored 2 a
# by b.  ExpandMixedKernel fences each store where it stands: the vector
# side pushes the stored tile once more and the cube pops (and frees) it
# in its copy of the loop, so both run the loop's pushes and pops as
# often and the cube's load follows the last store.  The product then
# crosses back through the pipe and the vector side stores it.
# scratch = 2 a, y = (2 a) @ b.
import pypto.language as pl


@pl.program
class MixedGmFenceV2C:
    @pl.function(type=pl.FunctionType.InCore)
    def relay(
        self,
        a: pl.Tensor[[16, 64], pl.FP16],
        b: pl.Tensor[[64, 32], pl.FP16],
        scratch: pl.Out[pl.Tensor[[16, 64], pl.FP16]],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        for i in pl.range(2):
            t = pl.load(a, [0, 0], [16, 64])
            scratch = pl.store(pl.add(t, t), [0, 0], scratch)
        sm = pl.load(scratch, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        acc = pl.matmul(pl.move(sm, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
        y = pl.store(pl.move(acc, target_memory=pl.Mem.Vec), [0, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 64], pl.FP16],
        b: pl.Tensor[[64, 32], pl.FP16],
        scratch: pl.Out[pl.Tensor[[16, 64], pl.FP16]],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        out = self.relay(a, b, scratch, y)
        return out
