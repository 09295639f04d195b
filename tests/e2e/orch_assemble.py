# pl.assemble in orchestration code (issue 11): orchestration code submits
# tasks and moves no data itself, so ConvertTensorToBlockOps makes each
# assemble a task of a copy kernel (tensor_copy_FP32_16_64) into the view of
# the target that the source covers, and the target is written in place.
# cpp.md 6.2 lists tensor.assemble in orchestration code as an error (the
# reference emitted nothing for it, so its output lacked the data): this
# program was refused before.
#   - In a loop, kernel outputs are assembled at run-time offsets, in the
#     reverse order of their blocks: y's block 3 - i is 2 * x's block i.
#   - A parameter is assembled into a created tensor, which a kernel then
#     reads: z's block i is x's block 3 - i, plus 1.
import pypto.language as pl

R = 16
C = 64


@pl.program
class OrchAssemble:
    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, a: pl.Tensor[[R, C], pl.FP32], out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        t = pl.load(a, [0, 0], [R, C])
        r = pl.store(pl.add(t, t), [0, 0], [R, C], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def plus_one(self, a: pl.Tensor[[4 * R, C], pl.FP32], out: pl.Out[pl.Tensor[[4 * R, C], pl.FP32]]) -> pl.Tensor[[4 * R, C], pl.FP32]:
        t = pl.load(a, [0, 0], [4 * R, C])
        r = pl.store(pl.adds(t, 1.0), [0, 0], [4 * R, C], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4 * R, C], pl.FP32], y: pl.Out[pl.Tensor[[4 * R, C], pl.FP32]], z: pl.Out[pl.Tensor[[4 * R, C], pl.FP32]]) -> tuple[pl.Tensor[[4 * R, C], pl.FP32], pl.Tensor[[4 * R, C], pl.FP32]]:
        for i, (acc,) in pl.range(4, init_values=(y,)):
            xi = pl.view(x, [R, C], [i * R, 0])
            s = pl.create_tensor([R, C], dtype=pl.FP32)
            d = self.twice(xi, s)
            acc = pl.yield_(pl.assemble(acc, d, [(3 - i) * R, 0]))
        w = pl.create_tensor([4 * R, C], dtype=pl.FP32)
        for j in pl.range(4):
            w = pl.assemble(w, pl.view(x, [R, C], [(3 - j) * R, 0]), [j * R, 0])
        z2 = self.plus_one(w, z)
        return acc, z2
