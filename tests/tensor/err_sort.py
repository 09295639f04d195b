# pl.sort32 and pl.mrgsort's operands: FP16 or FP32 values, UINT32 (or
# INT32) indices of the values' shape; mrgsort merges one row, in runs of a
# positive multiple of 64 elements, four runs at a time over whole rows.
import pypto.language as pl


@pl.jit
def int_values(a: pl.Tensor[[1, 64], pl.INT32], i: pl.Tensor[[1, 64], pl.UINT32], y: pl.Out[pl.Tensor[[1, 128], pl.INT32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.sort32(a, i)
    return y


@pl.jit
def short_indices(a: pl.Tensor[[1, 64], pl.FP32], i: pl.Tensor[[1, 32], pl.UINT32], y: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.sort32(a, i)
    return y


@pl.jit
def float_indices(a: pl.Tensor[[1, 64], pl.FP32], i: pl.Tensor[[1, 64], pl.FP32], y: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.sort32(a, i)
    return y


@pl.jit
def odd_run(a: pl.Tensor[[1, 512], pl.FP32], y: pl.Out[pl.Tensor[[1, 512], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.mrgsort(a, block_len=96)
    return y


@pl.jit
def partial_group(a: pl.Tensor[[1, 512], pl.FP32], y: pl.Out[pl.Tensor[[1, 512], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.mrgsort(a, block_len=256)
    return y


@pl.jit
def two_rows(a: pl.Tensor[[2, 256], pl.FP32], y: pl.Out[pl.Tensor[[2, 256], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.mrgsort(a, block_len=64)
    return y


@pl.jit
def mixed_lists(a: pl.Tensor[[1, 64], pl.FP32], b: pl.Tensor[[1, 64], pl.FP16], y: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.mrgsort(a, b)
    return y


@pl.jit
def five_lists(a: pl.Tensor[[1, 64], pl.FP32], y: pl.Out[pl.Tensor[[1, 320], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        y[:, :] = pl.mrgsort(a, a, a, a, a)
    return y
