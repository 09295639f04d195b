# Floating-point remainders, the sign of the dividend's (C fmod):
# pl.tile.fmod of two tiles and pl.fmods of a tile and a scalar (TFMOD,
# TFMODS; FP32, the type A2/A3 takes), and pl.fmod / pl.fmods on tensors.
import pypto.language as pl

R = 16
C = 64


@pl.jit.incore
def fmod_tiles(a: pl.Tensor[[R, C], pl.FP32], b: pl.Tensor[[R, C], pl.FP32], y: pl.Out[pl.Tensor[[R, C], pl.FP32]],
               z: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    ta = pl.load(a, [0, 0], [R, C])
    tb = pl.load(b, [0, 0], [R, C])
    y = pl.store(pl.tile.fmod(ta, tb), [0, 0], y)
    z = pl.store(pl.fmods(ta, 0.75), [0, 0], z)
    return y, z


@pl.jit
def fmod(a: pl.Tensor[[R, C], pl.FP32], b: pl.Tensor[[R, C], pl.FP32], y: pl.Out[pl.Tensor[[R, C], pl.FP32]],
         z: pl.Out[pl.Tensor[[R, C], pl.FP32]], u: pl.Out[pl.Tensor[[R, C], pl.FP32]],
         v: pl.Out[pl.Tensor[[R, C], pl.FP32]]):
    y, z = fmod_tiles(a, b, y, z)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="fmod_tensors"):
        u[:, :] = pl.fmod(b, a)
        v[:, :] = pl.tensor.fmods(b, -1.5)
    return y, z, u, v
