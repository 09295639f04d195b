# pyptocc-flags: --passes=convert_to_ssa
# Names defined only inside a loop and used after it that the loop cannot
# carry out (tests/passes/ssa_escape.py has those it can): each use is an
# error saying why, with the definition.
#  - s: the loop never runs (its range is empty);
#  - w: a while loop may end before its first iteration, and w is not a
#    store's result, which would start as its output tensor;
#  - acc: the loop runs once, but a new tile to start the loop with
#    (pl.block.create_tile) would not have the Acc layout of the matmul's
#    result, which the carried tile takes.
import pypto.language as pl


@pl.program
class EscapeErrors:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        n: pl.Scalar[pl.INT64],
        c: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        for i in pl.range(4, 0):
            s = i
        m = n
        while m > 0:
            w = m
            m = m - 1
        for k in pl.range(1):
            ta = pl.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            la = pl.move(ta, target_memory=pl.MemorySpace.Left)
            rb = pl.move(ta, target_memory=pl.MemorySpace.Right)
            acc = pl.matmul(la, rb)
        out = pl.l0c_store(pl.block.adds(acc, s + w), [0, 0], [16, 16], c)
        return out
