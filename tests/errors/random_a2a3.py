# pyptocc-flags: --emit=pto
# TRANDOM is A5's only: pto-isa 3186c381 declares it for A5 and its CPU
# simulator, PTOAS 0.60 says "trandom is only supported for A5 targets".
# The A2/A3 build stops at each call, of the tile op and of the tensor op
# ConvertTensorToBlockOps makes one of; tests/e2e/random_words builds the
# same calls for A5.
import pypto.language as pl


@pl.program
class RandomA2A3:
    @pl.function(type=pl.FunctionType.InCore)
    def words(self, y: pl.Out[pl.Tensor[[4, 256], pl.UINT32]], z: pl.Out[pl.Tensor[[4, 256], pl.INT32]]
              ) -> tuple[pl.Tensor[[4, 256], pl.UINT32], pl.Tensor[[4, 256], pl.INT32]]:
        a = pl.tile.random(1, 2, 3, 4, 5, 6, [4, 256])
        y = pl.store(a, [0, 0], y)
        b = pl.random(1, 2, 3, 4, 5, 6, [4, 256], dtype=pl.INT32)
        z = pl.assemble(z, b, [0, 0])
        return y, z
