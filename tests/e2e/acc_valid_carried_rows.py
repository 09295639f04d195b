# A split-K product in Acc whose lhs row count is a scalar the K loop
# carries (rows = min(rows, 16) at each step): the loop's start cannot
# take an extent the loop defines, an iter_arg included, so it is wholly
# valid in rows and valid in the rhs's 4 columns.  Run with M = 16.
# y[:, :4] = x @ w[:4, :].T; the other columns stay zeros.
import pypto.language as pl

M = pl.dynamic("M")


@pl.jit
def acc_valid_carried_rows(
    x: pl.Tensor[[M, 512], pl.FP32],
    w: pl.Tensor[[16, 512], pl.FP32],
    y: pl.Out[pl.Tensor[[M, 16], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="proj"):
        acc = pl.create_tensor([16, 16], dtype=pl.FP32)
        rows = pl.min(16, M)
        for kb in pl.range(0, 2):
            k0 = kb * 256
            xs = pl.slice(x, [16, 256], [0, k0], valid_shape=[rows, 256])
            ws = pl.slice(w, [16, 256], [0, k0], valid_shape=[4, 256])
            if kb == 0:
                acc = pl.matmul(xs, ws, b_trans=True, out_dtype=pl.FP32)
            else:
                acc = pl.matmul_acc(acc, xs, ws, b_trans=True)
            rows = pl.min(rows, 16)
        y = pl.assemble(y, acc, [0, 0])
    return y
