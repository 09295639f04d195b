# GP7: the outlined InCore function is a kernel; the orchestration
# function is not emitted.
@pl.program
class IncoreProg:
    @pl.function
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32],
             out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.incore():
            ta: pl.Tile[[64, 64], pl.FP32] = pl.block.load(a, [0, 0], [64, 64])
            tb: pl.Tile[[64, 64], pl.FP32] = pl.block.load(b, [0, 0], [64, 64])
            tc: pl.Tile[[64, 64], pl.FP32] = pl.block.muls(pl.block.add(ta, tb), 2.0)
            r: pl.Tensor[[64, 64], pl.FP32] = pl.block.store(tc, [0, 0], [64, 64], out)
        return r
