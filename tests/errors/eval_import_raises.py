# An exception raised by an imported module's code: located where it is
# raised, with the calls and the imports that led there.
import pypto.language as pl

from mods.raises import TILE


@pl.function
def f(x: pl.Tensor[[TILE, 16], pl.FP32]) -> pl.Tensor[[TILE, 16], pl.FP32]:
    return x
