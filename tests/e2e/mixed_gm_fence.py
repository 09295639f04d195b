# A mixed kernel whose two halves meet in global memory: the cube stores
# a @ b into the scratch tensor, and the vector side loads it back, row by
# row, for exp(row) + 1 (pypto's GM relay).  ExpandMixedKernel orders the
# load after the store with a fence: the cube pushes the stored tile once
# more and the vector kernel pops (and frees) it before its loads, so on
# the CPU the vector thread waits for the cube's store.
# y = exp(a @ b) + 1, scratch = a @ b.
import pypto.language as pl


@pl.program
class MixedGmFence:
    @pl.function(type=pl.FunctionType.InCore)
    def relay(
        self,
        a: pl.Tensor[[16, 64], pl.FP16],
        b: pl.Tensor[[64, 32], pl.FP16],
        scratch: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        am = pl.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        bm = pl.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        acc = pl.matmul(pl.move(am, target_memory=pl.Mem.Left), pl.move(bm, target_memory=pl.Mem.Right))
        scratch = pl.store(acc, [0, 0], scratch)
        for r in pl.range(16):
            row = pl.load(scratch, [r, 0], [1, 32], target_memory=pl.Mem.Vec)
            y = pl.store(pl.adds(pl.exp(row), 1.0), [r, 0], y)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 64], pl.FP16],
        b: pl.Tensor[[64, 32], pl.FP16],
        scratch: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        out = self.relay(a, b, scratch, y)
        return out
