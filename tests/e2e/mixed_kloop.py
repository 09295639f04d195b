# A mixed kernel with a K loop (pypto docs/en/dev/passes/
# 21-expand_mixed_kernel.md): each step the vector unit doubles a chunk of
# a (a vector prologue) and moves it to Left, the cube multiplies it by the
# chunk of b, accumulating in Acc; after the loop the vector unit adds the
# bias to the product, read straight from Acc.  ExpandMixedKernel runs the
# loop on both kernels: each step's chunk crosses vector to cube
# (tpush_to_aic / tpop_from_aiv into Mat, then the move to Left on the
# cube), and the loop's result crosses back after it (tpush_to_aiv /
# tpop_from_aic).  y = (2 a) @ b + bias.
import pypto.language as pl


@pl.program
class MixedKLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def kloop(
        self,
        a: pl.Tensor[[32, 256], pl.FP16],
        b: pl.Tensor[[256, 64], pl.FP16],
        bias: pl.Tensor[[32, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        acc = pl.tile.create([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Acc)
        for k0 in pl.range(0, 256, 64):
            t = pl.load(a, [0, k0], [32, 64])
            s = pl.add(t, t)
            al = pl.move(s, target_memory=pl.Mem.Left)
            bm = pl.load(b, [k0, 0], [64, 64], target_memory=pl.Mem.Mat)
            br = pl.move(bm, target_memory=pl.Mem.Right)
            acc = pl.matmul_acc(acc, al, br, init_cond=(k0 == 0))
        bv = pl.load(bias, [0, 0], [32, 64])
        r = pl.add(acc, bv)
        out = pl.store(r, [0, 0], y)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[32, 256], pl.FP16],
        b: pl.Tensor[[256, 64], pl.FP16],
        bias: pl.Tensor[[32, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
    ) -> pl.Tensor[[32, 64], pl.FP32]:
        out = self.kloop(a, b, bias, y)
        return out
