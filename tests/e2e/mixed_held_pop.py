# A tile popped from the cross-core pipe before a loop and read inside
# it, where each step pops another product of the same pipe: freeing the
# slots in pop order would hold every step's slot until the loop ends (a
# TFREE gives back the oldest slot the kernel popped), so ExpandMixedKernel
# copies the first product into a Vec tile of its own (pl.move to Vec)
# right after its pop and frees its slot at once.
# y[16 i : 16 i + 16, :] = a @ b + a @ b for each of 4 steps.
import pypto.language as pl


@pl.program
class HeldPop:
    @pl.function(type=pl.FunctionType.InCore)
    def held(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
             y: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        am = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        al = pl.move(am, target_memory=pl.Mem.Left)
        br = pl.move(bm, target_memory=pl.Mem.Right)
        first = pl.move(pl.matmul(al, br), target_memory=pl.Mem.Vec)
        for i in pl.range(0, 64, 16):
            step = pl.move(pl.matmul(al, br), target_memory=pl.Mem.Vec)
            s = pl.add(first, step)
            y = pl.store(s, [i, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP16], b: pl.Tensor[[32, 32], pl.FP16],
             y: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        out = self.held(a, b, y)
        return out
