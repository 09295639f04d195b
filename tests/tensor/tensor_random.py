# pyptocc-flags: --arch=a5
# pl.random (pypto's tensor.random) in a kernel: ConvertTensorToBlockOps
# makes each call a tile.random of the whole shape (TRANDOM, A5 only).  A
# key word read at run time, 7 rounds of INT32 words; and two calls of the
# same seeds subtracted, which gives zeros (the generator is a function
# of its seeds), as pypto's tests check it.
import pypto.language as pl


@pl.program
class TensorRandom:
    @pl.function(type=pl.FunctionType.InCore)
    def words(self, k0: pl.Scalar[pl.INT32], y: pl.Out[pl.Tensor[[8, 256], pl.INT32]],
              z: pl.Out[pl.Tensor[[4, 512], pl.UINT32]]
              ) -> tuple[pl.Tensor[[8, 256], pl.INT32], pl.Tensor[[4, 512], pl.UINT32]]:
        a = pl.random(k0, 0x77, 5, 0, 0, 0, [8, 256], dtype=pl.INT32, rounds=7)
        b = pl.random(0x1234, 0x5678, 1, 2, 3, 4, [4, 512])
        c = pl.tensor.random(0x1234, 0x5678, 1, 2, 3, 4, [4, 512])
        y = pl.assemble(y, a, [0, 0])
        z = pl.assemble(z, pl.sub(b, c), [0, 0])
        return y, z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, k0: pl.Scalar[pl.INT32], y: pl.Out[pl.Tensor[[8, 256], pl.INT32]],
             z: pl.Out[pl.Tensor[[4, 512], pl.UINT32]]
             ) -> tuple[pl.Tensor[[8, 256], pl.INT32], pl.Tensor[[4, 512], pl.UINT32]]:
        y, z = self.words(k0, y, z)
        return y, z
