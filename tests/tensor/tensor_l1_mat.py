# pyptocc-flags: --passes=default
# pl.create_l1 and pl.gather_row in one kernel: the accumulator is a Mat
# (L1) tile, created with tile.create and filled in place by
# tile.gather_row (rows the kernel computes from its loop, a window of run
# time valid rows, and a row written only under an if); the products take
# it from Mat straight into Right, as it is stored ([N, K], read
# transposed: b_trans=True) and as it is ([K, N]), with no load.  The C++
# output has no form of a gather into Mat (tests/errors/gather_row_mat_cpp).
import pypto.language as pl


@pl.jit
def l1_mat(q: pl.Tensor[[16, 64], pl.BF16], p: pl.Tensor[[16, 32], pl.BF16], pool: pl.Tensor[[256, 64], pl.BF16],
           n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
           out2: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="l1_mat"):
        kv = pl.create_l1([32, 64], pl.BF16)
        kv = pl.gather_row(kv, pool, [0, 0], [100, 0], [32, 64], valid_shape=[n, 64])
        for r in pl.range(16, 32):
            kv = pl.gather_row(kv, pool, [r, 0], [r * 7 + 3, 0], [1, 64])
        if n > 4:
            kv = pl.gather_row(kv, pool, [n - 5, 0], [0, 0], [1, 64])
        out[:, :] = pl.matmul(q, kv, b_trans=True, out_dtype=pl.FP32)
        out2[:, :] = pl.matmul(p, kv, out_dtype=pl.FP32)
    return out, out2
