# A shape argument below -1 gives no type: the type would print as an
# annotation that does not read back (found by fuzzing the round trip).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tensor[[64, 64], pl.FP16]) -> pl.Tile[[64, 64], pl.FP16]:
    t = pl.block.load(a, [0, 0], [64, -64])
    return t
