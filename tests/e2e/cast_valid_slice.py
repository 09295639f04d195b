# A conversion of a partly valid slice keeps its valid shape (pto-isa's
# TCVT asserts equal valid shapes of source and destination, as the
# elementwise intrinsics do), as pypto-lib's expert_shared converts blocks
# of two valid rows of an INT32 accumulator: the FP32 result is valid in
# the same two rows, and the row broadcast and the store follow it.
import pypto.language as pl


@pl.program
class CastValid:
    @pl.function(type=pl.FunctionType.InCore)
    def widen(self, x: pl.Tensor[[24, 64], pl.INT32], scale: pl.Tensor[[24, 1], pl.FP32],
              y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        for b in pl.range(8):
            r0 = b * 2
            s = pl.slice(x, [8, 64], [r0, 0], valid_shape=[2, 64])
            k = pl.slice(scale, [8, 1], [r0, 0], valid_shape=[2, 1])
            f = pl.row_expand_mul(pl.cast(s, target_type=pl.FP32, mode="none"), k)
            y[r0 : r0 + 2, :] = f[0:2, :]
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[24, 64], pl.INT32], scale: pl.Tensor[[24, 1], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        y = pl.create_tensor([16, 64], dtype=pl.FP32)
        y = self.widen(x, scale, y)
        return y
