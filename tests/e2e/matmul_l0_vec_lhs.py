# A product whose left operand is computed on the vector unit (a score
# tile, times V) and whose right operand, [512, 64] FP32, is twice L0B:
# AutoTileMatmulL0 stages the left operand into Mat once (the cross-core
# pipe, after ExpandMixedKernel splits the kernel) and runs the product
# over blocks of K.  r = (2 * p) @ v.
import pypto.language as pl


@pl.program
class MatmulL0VecLhs:
    @pl.function(type=pl.FunctionType.InCore)
    def pv(
        self,
        p: pl.Tensor[[16, 512], pl.FP32],
        v: pl.Tensor[[512, 64], pl.FP32],
        r: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        p_vec = pl.load(p, [0, 0], [16, 512])
        scaled = pl.tile.muls(p_vec, 2.0)
        v_mat = pl.load(v, [0, 0], [512, 64], target_memory=pl.Mem.Mat)
        s = pl.tile.matmul(scaled, v_mat)
        r = pl.store(s, [0, 0], r)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        p: pl.Tensor[[16, 512], pl.FP32],
        v: pl.Tensor[[512, 64], pl.FP32],
        r: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        out = self.pv(p, v, r)
        return out
