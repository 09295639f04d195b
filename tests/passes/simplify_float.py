# Simplify on floats: a constant stands for its value in its dtype, the
# operation is done as the target does it (FP32 here, FP16 for the
# pl.const operands), and the result is written as the shortest decimal
# that denotes it (0.1 + 0.2 in FP32 is 0.3; in FP16 2048 + 1 is 2048).
# Not folded: results that are not finite (60000 * 2 overflows FP16),
# float // and %, casts that would round (2.5 to an integer, 16777217 to
# FP32, 0.1 to FP16).
# pyptocc-flags: --passes=convert_to_ssa,simplify
import pypto.language as pl


@pl.function
def floats(x: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:
    a = 0.1 + 0.2
    b = 1.0 / 3.0
    c = pl.const(2048.0, pl.FP16) + pl.const(1.0, pl.FP16)
    d = pl.cast(7, pl.FP32) * 0.5
    e = pl.cast(2.0, pl.INT32) + pl.const(1, pl.INT32)
    big = pl.const(60000.0, pl.FP16) * pl.const(2.0, pl.FP16)
    by_zero = 1.0 / 0.0
    floor_div = 7.5 // 2.0
    rounds_int = pl.cast(2.5, pl.INT32)
    rounds_fp32 = pl.cast(16777217, pl.FP32)
    rounds_fp16 = pl.cast(0.1, pl.FP16)
    less = 0.1 < 0.2
    return a + b + pl.cast(c, pl.FP32) + d + pl.cast(e, pl.FP32) + pl.cast(big, pl.FP32) + by_zero + floor_div + pl.cast(rounds_int, pl.FP32) + rounds_fp32 + pl.cast(rounds_fp16, pl.FP32) + pl.cast(less, pl.FP32) + x
