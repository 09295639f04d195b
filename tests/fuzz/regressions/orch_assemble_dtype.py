# Fuzz finding (CI smoke run on ead57b3): tests/passes/inline_dim_reads.py
# with the helper's tensor made FP16.  The Orchestration caller's
# y[0:16, :] = t[0:16, :] assembled FP16 into FP32 through a copy kernel
# of FP16 tensors: the IR was ill-formed after ConvertTensorToBlockOps
# (an internal error under --enable-debug-passes).  Now a located error.
import pypto.language as pl

N = pl.dynamic("N")


@pl.jit.inline
def helper(x: pl.Tensor[[N, 64], pl.FP32], y: pl.Tensor[[N, 64], pl.FP32]):
    n = pl.tensor.dim(x, 0)
    t = pl.create_tensor([n, 64], dtype=pl.FP16)
    for r in pl.range(0, n, 16):
        with pl.at(level=pl.Level.CORE_GROUP):
            t[r : r + 16, :] = pl.add(x[r : r + 16, :], x[r : r + 16, :])
            y[r : r + 16, :] = t[r : r + 16, :]
    return t


@pl.jit
def main(x: pl.Tensor[[N, 64], pl.FP32], y: pl.Out[pl.Tensor[[N, 64], pl.FP32]]):
    x.bind_dynamic(0, N)
    y.bind_dynamic(0, N)
    t = helper(x, y)
    y[0:16, :] = t[0:16, :]
    return y
