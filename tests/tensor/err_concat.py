# pl.concat's operands: 2-D, one element type, as many rows.
import pypto.language as pl


@pl.jit
def bad_rows(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[8, 32], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.concat(a, b)
    return y


@pl.jit
def bad_dtype(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP16], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.concat(a, b)
    return y


@pl.jit
def bad_rank(a: pl.Tensor[[2, 16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.concat(a, b)
    return y
