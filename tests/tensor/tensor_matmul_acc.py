# pyptocc-flags: --passes=default
# Split-K products with pl.matmul_acc on tensors: the accumulator stays in
# Acc across the K loop.  Three forms of its first step: a product before
# the loop, init_cond= on a created accumulator, and the user's own
# `if k == 0:` test (with a vector add after the loop: a cube kernel and a
# vector kernel).
import pypto.language as pl

M = 32
K = 256
N = 64
KT = 64


@pl.jit
def split_k(a: pl.Tensor[[M, K], pl.FP16], b: pl.Tensor[[K, N], pl.FP16], h: pl.Tensor[[M, N], pl.FP16],
            peeled: pl.Out[pl.Tensor[[M, N], pl.FP32]], cond: pl.Out[pl.Tensor[[M, N], pl.FP32]],
            tested: pl.Out[pl.Tensor[[M, N], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="peeled"):
        acc = pl.matmul(a[:, 0:KT], b[0:KT, :], out_dtype=pl.FP32)
        for kb in pl.range(1, K // KT):
            k0 = kb * KT
            acc = pl.matmul_acc(acc, a[:, k0 : k0 + KT], b[k0 : k0 + KT, :])
        peeled[:, :] = acc
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="cond"):
        acc2 = pl.create_tensor([M, N], dtype=pl.FP32)
        for k0 in pl.range(0, K, 2 * KT):
            acc2 = pl.matmul_acc(acc2, a[:, k0 : k0 + 2 * KT], b[k0 : k0 + 2 * KT, :], init_cond=(k0 == 0))
        cond[:, :] = acc2
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="tested"):
        acc3 = pl.create_tensor([M, N], dtype=pl.FP32)
        for kb in pl.range(K // KT):
            ta = a[:, kb * KT : kb * KT + KT]
            tb = b[kb * KT : kb * KT + KT, :]
            if kb == 0:
                acc3 = pl.matmul(ta, tb, out_dtype=pl.FP32)
            else:
                acc3 = pl.matmul_acc(acc3, ta, tb)
        tested[:, :] = pl.add(acc3, pl.cast(h, target_type=pl.FP32))
    return peeled, cond, tested
