# Found by fuzz_pipeline (stop 49) on its seed tests/e2e/tile_nd.py: after
# FlattenTileNdTo2D a load of a 3-D window had the 2-D tile as its type,
# which only the verifier knew; InitMemRef deduced the call anew, got the
# 3-D tile back, and the program was no longer well-formed ("not
# well-formed after pass 'init_memref'").  The 2-D load now says so in
# its arguments (a valid shape of rank 2), so every deduction agrees.
import pypto.language as pl


@pl.program
class FlatLoad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, b: pl.Tensor[[3, 16, 32], pl.FP32], z: pl.Out[pl.Tensor[[3, 16, 32], pl.FP32]]) -> pl.Tensor[[3, 16, 32], pl.FP32]:
        for i in pl.range(3):
            u: pl.Tile[[1, 16, 32], pl.FP32] = pl.load(b, [i, 0, 0], [1, 16, 32])
            z = pl.store(pl.tile.exp(u), [2 - i, 0, 0], z)
        v = pl.load(b, [1, 0, 0], [1, 8, 32], valid_shape=[1, 5, 32])
        z = pl.store(pl.tile.muls(v, 2.0), [0, 0, 0], z)
        return z
