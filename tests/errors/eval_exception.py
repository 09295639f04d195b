# An exception raised by configuration code, two calls deep: the error is
# at the raise, with the calls that led there, as a traceback shows them.
import pypto.language as pl


def check_tile(tile, align):
    if tile % align:
        raise ValueError(f"tile {tile} is not a multiple of {align}")
    return tile


def plan(rows):
    return [check_tile(t, 16) for t in (rows, rows // 5)]


TILES = plan(96)


@pl.function
def f(x: pl.Tensor[[TILES[0], 16], pl.FP32]) -> pl.Tensor[[96, 16], pl.FP32]:
    return x
