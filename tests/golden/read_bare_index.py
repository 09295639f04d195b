# pl.read and pl.write with one bare index instead of a list of one
# (pypto's IntLike | Sequence[IntLike]; pypto-lib's Qwen3 a8w8 prefill
# reads its per-token scales so): the index is the list of it.
import pypto.language as pl


@pl.program
class Scales:
    @pl.function(type=pl.FunctionType.Opaque)
    def pick(self, s: pl.Tensor[[16], pl.FP32], t: pl.Out[pl.Tensor[[16], pl.FP32]], i: pl.Scalar[pl.INDEX]):
        v = pl.read(s, i)
        w = pl.tensor.read(s, 3)
        pl.tensor.write(t, i + 1, v + w)
        pl.write(t, 0, w)
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def flat(self, x: pl.Tensor[[8, 16], pl.FP32], y: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        a = pl.load(x, [0, 0], [8, 16])
        v = pl.tile.read(a, 17)
        pl.tile.write(a, 0, v)
        return pl.store(a, [0, 0], y)
