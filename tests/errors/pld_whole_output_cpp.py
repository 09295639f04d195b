# pyptocc-flags: --emit=cpp
# A host input may go whole to every rank; an output may not (every rank
# would write all of it): a rank writes its row, y[r].
import pypto.language as pl
import pypto.language.distributed as pld


@pl.jit.incore
def copy(x: pl.Tensor[[8, 32], pl.FP32], y: pl.Out[pl.Tensor[[8, 32], pl.FP32]]):
    y = pl.store(pl.load(x, [0, 0], [8, 32]), [0, 0], y)
    return y


@pl.jit
def per_rank(x, y):
    return copy(x, y)


@pl.jit.host
def whole_output(x: pl.Tensor[[2, 8, 32], pl.FP32], y: pl.Out[pl.Tensor[[8, 32], pl.FP32]]):
    for r in pl.range(2):
        per_rank(x[r], y, device=r)
