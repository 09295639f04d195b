# The module of inline_return_dynamic.py: an Inline function, bound by a
# builder function, whose parameters share this module's dynamic
# dimension T_DYN.
import pypto.language as pl

T_DYN = pl.dynamic("T_DYN")
D = 64


@pl.jit.inline
def _fill(x: pl.Tensor[[T_DYN, 4, D], pl.FP32], y: pl.Tensor[[T_DYN, D], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[0:16, :] = pl.full([16, D], dtype=pl.FP32, value=2.0)
    return y


def _bind():
    @pl.jit.inline
    def fill(x: pl.Tensor[[T_DYN, 4, D], pl.FP32], y: pl.Tensor[[T_DYN, D], pl.FP32]):
        _fill(x, y)
        return y

    return fill


fill = _bind()
