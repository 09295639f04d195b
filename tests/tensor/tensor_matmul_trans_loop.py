# pyptocc-flags: --passes=default
# Transposed operands in a K loop that accumulates in Acc, as pypto-lib's
# projections write them (weights stored [N, K], consumed with
# b_trans=True): each block of an operand is loaded into Mat as it is
# stored and read as its transpose (tile.transpose_view), so the loop
# stays on the cube unit. a_trans too: x stored [K, M].
import pypto.language as pl

M = 32
K = 256
N = 64
KT = 64


@pl.jit
def project(x: pl.Tensor[[M, K], pl.FP16], xt: pl.Tensor[[K, M], pl.FP16], w: pl.Tensor[[N, K], pl.FP16],
            y: pl.Out[pl.Tensor[[M, N], pl.FP32]], z: pl.Out[pl.Tensor[[M, N], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="proj"):
        acc = pl.create_tensor([M, N], dtype=pl.FP32)
        acc2 = pl.create_tensor([M, N], dtype=pl.FP32)
        for kb in pl.range(K // KT):
            k0 = kb * KT
            if k0 == 0:
                acc = pl.matmul(x[:, k0 : k0 + KT], w[:, k0 : k0 + KT], out_dtype=pl.FP32, b_trans=True)
                acc2 = pl.matmul(xt[k0 : k0 + KT, :], w[:, k0 : k0 + KT], out_dtype=pl.FP32, a_trans=True,
                                 b_trans=True)
            else:
                acc = pl.matmul_acc(acc, x[:, k0 : k0 + KT], w[:, k0 : k0 + KT], b_trans=True)
                acc2 = pl.matmul_acc(acc2, xt[k0 : k0 + KT, :], w[:, k0 : k0 + KT], a_trans=True, b_trans=True)
        y[:, :] = acc
        z[:, :] = acc2
    return y, z
