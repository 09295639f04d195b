# pyptocc-flags: --passes=default
# pl.create_l1 and pl.gather_row (pypto-lib's DeepSeek-V4 sparse attention
# gathers its key rows so): an accumulator filled row by row with rows of
# a pool that indices in global memory choose, then the right operand of
# a product with b_trans=True.  The indices are read by the cube core's
# scalar unit (pl.read: pto.load_scalar) inside the kernel, so the loop
# and the accumulator stay in one kernel.
# out[i, j] = sum_k q[i, k] * pool[idx[j], k].  In C++ each row's load is
# into a Tile at its address inside the NZ tile's boxes (as PTOAS writes
# it; tests/e2e/gather_row_mat.py checks the numbers).
import pypto.language as pl


@pl.jit
def l1_gather(q: pl.Tensor[[16, 64], pl.BF16], pool: pl.Tensor[[256, 64], pl.BF16], idx: pl.Tensor[[16], pl.INT32],
              out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="l1"):
        kv = pl.create_l1([16, 64], pl.BF16)
        for r in pl.range(16):
            s = pl.cast(pl.read(idx, [r]), pl.INDEX)
            kv = pl.gather_row(kv, pool, [r, 0], [s, 0], [1, 64])
        out[:, :] = pl.matmul(q, kv, b_trans=True, out_dtype=pl.FP32)
    return out
