# A mixed kernel of a vector prologue, a matmul and a vector epilogue, in
# straight-line code: the vector unit scales a (a Vec tile moved to Left
# crosses to the cube: tpush_to_aic, tpop_from_aiv into Mat, the move to
# Left on the cube), the cube multiplies, and the vector unit adds the
# bias to the product read straight from Acc (pl.add of an Acc tile: the
# product crosses where the matmul defines it, tpush_to_aiv /
# tpop_from_aic, as pypto's test_spmd matmul_bias writes it).
# y = (a + a) @ b + bias.
import pypto.language as pl


@pl.program
class MixedPrologueEpilogue:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[16, 64], pl.FP16],
        b: pl.Tensor[[64, 32], pl.FP16],
        bias: pl.Tensor[[16, 32], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        h = pl.add(t, t)
        a_left = pl.move(h, target_memory=pl.MemorySpace.Left)
        b_mat = pl.load(b, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat)
        b_right = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        prod = pl.matmul(a_left, b_right)
        bv = pl.load(bias, [0, 0], [16, 32])
        r = pl.add(prod, bv)
        out = pl.store(r, [0, 0], y)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 64], pl.FP16],
        b: pl.Tensor[[64, 32], pl.FP16],
        bias: pl.Tensor[[16, 32], pl.FP32],
        y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        out = self.kernel(a, b, bias, y)
        return out
