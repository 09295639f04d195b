# Matrix products with a [1, N, K] window of a 3-D weight tensor (one
# expert of several, as pypto-lib's MoE kernels take it): the product is
# [1, M, N], computed as a 2-D tile (its leading extent is 1), split
# over K in Acc, then reshaped to 2-D and stored, and offset and stored
# into a 3-D output at the expert's position, and assembled as it is into
# a 2-D output (as pypto-lib's sparse attention assembles its [1, T, N]
# products).  y = x @ w[1].T; z[1] = x @ w[1].T + 1 (z[0] and z[2] stay
# zeros); u[:, 32:] = x @ w[1].T (u[:, :32] stays zeros).
import pypto.language as pl


@pl.jit
def batch1_matmul(
    x: pl.Tensor[[16, 128], pl.FP32],
    w: pl.Tensor[[3, 32, 128], pl.FP32],
    y: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    z: pl.Out[pl.Tensor[[3, 16, 32], pl.FP32]],
    u: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="expert"):
        acc = pl.create_tensor([1, 16, 32], dtype=pl.FP32)
        for k0 in pl.range(0, 128, 64):
            xk = x[:, k0 : k0 + 64]
            wk = w[1:2, :, k0 : k0 + 64]
            if k0 == 0:
                acc = pl.matmul(xk, wk, b_trans=True, out_dtype=pl.FP32)
            else:
                acc = pl.matmul_acc(acc, xk, wk, b_trans=True)
        y[:, :] = pl.reshape(acc, [16, 32])
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="shifted"):
        p = pl.matmul(x, w[1:2, :, :], b_trans=True, out_dtype=pl.FP32)
        z[1:2, :, :] = pl.add(p, 1.0)
        u = pl.assemble(u, p, [0, 32])
    return y, z, u
