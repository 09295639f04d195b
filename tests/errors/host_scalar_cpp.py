# pyptocc-flags: --emit=cpp
# A host function's scalar reaches a rank as it is (an orchestration
# scalar of its type) or in an integer scalar of the rank; a float scalar
# in an expression has no C++ form yet, and is a located error rather
# than a value computed in another type.
import pypto.language as pl
import pypto.language.distributed as pld

N_RANKS = 2


@pl.jit.incore
def add_scale(
    x: pl.Tensor[[8, 8], pl.FP32],
    y: pl.Out[pl.Tensor[[8, 8], pl.FP32]],
    s: pl.Scalar[pl.FP32],
):
    tile = pl.load(x, [0, 0], [8, 8])
    y = pl.store(pl.adds(tile, s), [0, 0], y)
    return y


@pl.jit
def per_rank(x, y, s: pl.Scalar[pl.FP32]):
    return add_scale(x, y, s)


@pl.jit.host
def host(
    x: pl.Tensor[[N_RANKS, 8, 8], pl.FP32],
    y: pl.Out[pl.Tensor[[N_RANKS, 8, 8], pl.FP32]],
    scale: pl.Scalar[pl.FP32],
):
    for r in pl.range(pld.world_size()):
        per_rank(x[r], y[r], scale * 2.0, device=r)
