# pyptocc-flags: --emit=pto
# A kernel gives back its results in global memory: a tile lives in one
# core's buffers, and the function that launched the kernel cannot hold it.
# Converting such a program left the caller a tile of another type (the
# Mat tile's layout) and failed the verifier after ConvertTensorToBlockOps
# (a fuzz finding); it is the user's error, named at the call.
import pypto.language as pl


@pl.program
class TileResult:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, src: pl.Tensor[[256, 128], pl.BF16],
               n: pl.Tensor[[1], pl.INT32]) -> pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat]:
        rows = pl.cast(pl.read(n, [0]), pl.INDEX)
        kv0 = pl.tile.create([16, 128], dtype=pl.BF16, target_memory=pl.Mem.Mat)
        return pl.tile.gather_row(kv0, src, [0, 0], [0, 0], [16, 128], valid_shape=[rows, 128])

    @pl.function
    def main(self, src: pl.Tensor[[256, 128], pl.BF16],
             n: pl.Tensor[[1], pl.INT32]) -> pl.Tile[[16, 128], pl.BF16, pl.Mem.Mat]:
        return self.kernel(src, n)
