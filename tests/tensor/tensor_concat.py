# pyptocc-flags: --passes=default
# pl.concat on tensors: a rotary-embedding step, the rotated half and the
# rest side by side (as pypto-lib's attention kernels join their rope and
# nope parts), in FP32, and two FP16 halves joined and scaled.
import pypto.language as pl

R = 64
H = 32


@pl.jit
def rope_join(x: pl.Tensor[[R, H], pl.FP32], cos: pl.Tensor[[R, H], pl.FP32], rest: pl.Tensor[[R, 32], pl.FP32],
              lo: pl.Tensor[[R, 16], pl.FP16], hi: pl.Tensor[[R, 48], pl.FP16],
              y: pl.Out[pl.Tensor[[R, H + 32], pl.FP32]], z: pl.Out[pl.Tensor[[R, 64], pl.FP16]]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="join"):
        y[:, :] = pl.concat(pl.mul(x, cos), rest)
        z[:, :] = pl.mul(pl.concat(lo, hi), 2.0)
    return y, z
