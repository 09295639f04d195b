# A crossing in one branch of an if, its tile the if's result: where flag
# is positive y is a @ b (the product moved to Vec), else the bias.  The
# if runs on both kernels of the split (its condition is scalar code): the
# cube pushes the product in its then-branch, the vector kernel pops it in
# its own; the popped tile is the pipe's slot, which the if cannot carry
# out, so ExpandMixedKernel copies it into a Vec tile of its own (pl.move
# to Vec), frees the slot, and yields the copy.
import pypto.language as pl


@pl.program
class MixedBranch:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16], bias: pl.Tensor[[16, 32], pl.FP32],
          flag: pl.Scalar[pl.INT32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        al = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        br = pl.move(pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        acc = pl.matmul(al, br)
        if flag > 0:
            r = pl.move(acc, target_memory=pl.Mem.Vec)
        else:
            r = pl.load(bias, [0, 0], [16, 32])
        out = pl.store(r, [0, 0], y)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16], bias: pl.Tensor[[16, 32], pl.FP32],
             flag: pl.Scalar[pl.INT32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = self.k(a, b, bias, flag, y)
        return out
