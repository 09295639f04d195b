# The partial elementwise ops: pl.tile.part_add/max/min/mul of a tile valid
# everywhere and one valid in part of it (columns, rows), FP32 and INT32
# (TPARTADD, TPARTMAX, TPARTMIN, TPARTMUL): the op where both are valid,
# the valid one's element elsewhere; pl.part_add on tensors.
import pypto.language as pl

M = 16
N = 16


@pl.jit.incore
def part_tiles(a: pl.Tensor[[M, N], pl.FP32], b: pl.Tensor[[M, N], pl.FP32], k: pl.Tensor[[M, N], pl.INT32],
               ya: pl.Out[pl.Tensor[[M, N], pl.FP32]], yx: pl.Out[pl.Tensor[[M, N], pl.FP32]],
               yn: pl.Out[pl.Tensor[[M, N], pl.INT32]], ym: pl.Out[pl.Tensor[[M, N], pl.INT32]]):
    t0 = pl.load(a, [0, 0], [M, N])
    t1 = pl.load(b, [0, 0], [M, N], valid_shape=[M, 8])
    ya = pl.store(pl.tile.part_add(t0, t1), [0, 0], ya)
    yx = pl.store(pl.tile.part_max(t0, t1), [0, 0], yx)
    u0 = pl.load(k, [0, 0], [M, N])
    u1 = pl.load(k, [0, 0], [M, N], valid_shape=[8, N])
    yn = pl.store(pl.tile.part_min(u0, pl.tile.neg(u1)), [0, 0], yn)
    ym = pl.store(pl.part_mul(u0, u1), [0, 0], ym)
    return ya, yx, yn, ym


@pl.jit
def part_ops(a: pl.Tensor[[M, N], pl.FP32], b: pl.Tensor[[M, N], pl.FP32], k: pl.Tensor[[M, N], pl.INT32],
             ya: pl.Out[pl.Tensor[[M, N], pl.FP32]], yx: pl.Out[pl.Tensor[[M, N], pl.FP32]],
             yn: pl.Out[pl.Tensor[[M, N], pl.INT32]], ym: pl.Out[pl.Tensor[[M, N], pl.INT32]],
             z: pl.Out[pl.Tensor[[M, N], pl.FP32]]):
    ya, yx, yn, ym = part_tiles(a, b, k, ya, yx, yn, ym)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="part_tensors"):
        z[:, :] = pl.part_add(a, b)
    return ya, yx, yn, ym, z
