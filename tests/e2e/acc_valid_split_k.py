# A split-K product of partly valid operands carried in Acc: the weights
# are a [16, 256] window of which only 4 rows are valid (pl.slice
# valid_shape=), the activations have M rows known at run time, padded
# to 16.  The product, and so the loop's start, is valid in M rows and 4
# columns; the tail stores exactly that (a run-time row count beside a
# constant column count).  y[:, :4] = x @ w[:4, :].T; the other columns
# are not written (zeros).
import pypto.language as pl

M = pl.dynamic("M")


@pl.jit
def acc_valid_split_k(
    x: pl.Tensor[[M, 512], pl.FP32],
    w: pl.Tensor[[16, 512], pl.FP32],
    y: pl.Out[pl.Tensor[[M, 16], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="proj"):
        acc = pl.create_tensor([16, 16], dtype=pl.FP32)
        for kb in pl.range(0, 2):
            k0 = kb * 256
            xs = pl.slice(x, [16, 256], [0, k0], valid_shape=[M, 256])
            ws = pl.slice(w, [16, 256], [0, k0], valid_shape=[4, 256])
            if kb == 0:
                acc = pl.matmul(xs, ws, b_trans=True, out_dtype=pl.FP32)
            else:
                acc = pl.matmul_acc(acc, xs, ws, b_trans=True)
        y = pl.assemble(y, acc, [0, 0])
    return y
