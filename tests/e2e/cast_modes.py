# Casts with rounding modes (ops.md 5.4), compared exactly: FP32 to INT32 in
# the modes rint, round (the default), floor, ceil and trunc; FP32 to FP16
# in rint, round, floor, ceil, trunc and odd; FP32 to BF16 in rint and trunc;
# FP16 to FP32; INT32 to FP32 in rint and trunc (large integers that FP32
# rounds).  The inputs include exact ties.
import pypto.language as pl

R = 16
C = 64


@pl.program
class CastModes:
    @pl.function(type=pl.FunctionType.InCore)
    def cast_modes(
        self,
        x: pl.Tensor[[R, C], pl.FP32],
        h: pl.Tensor[[R, C], pl.FP16],
        n: pl.Tensor[[R, C], pl.INT32],
        i_rint: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        i_round: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        i_floor: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        i_ceil: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        i_trunc: pl.Out[pl.Tensor[[R, C], pl.INT32]],
        h_rint: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        h_round: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        h_floor: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        h_ceil: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        h_trunc: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        h_odd: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        b_rint: pl.Out[pl.Tensor[[R, C], pl.BF16]],
        b_trunc: pl.Out[pl.Tensor[[R, C], pl.BF16]],
        f_back: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        f_rint: pl.Out[pl.Tensor[[R, C], pl.FP32]],
        f_trunc: pl.Out[pl.Tensor[[R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.INT32]:
        tx = pl.load(x, [0, 0], [R, C])
        r1 = pl.store(pl.cast(tx, target_type=pl.INT32, mode="rint"), [0, 0], [R, C], i_rint)
        r2 = pl.store(pl.cast(tx, target_type=pl.INT32), [0, 0], [R, C], i_round)
        r3 = pl.store(pl.cast(tx, target_type=pl.INT32, mode="floor"), [0, 0], [R, C], i_floor)
        r4 = pl.store(pl.cast(tx, target_type=pl.INT32, mode="ceil"), [0, 0], [R, C], i_ceil)
        r5 = pl.store(pl.cast(tx, target_type=pl.INT32, mode="trunc"), [0, 0], [R, C], i_trunc)
        r6 = pl.store(pl.cast(tx, target_type=pl.FP16, mode="rint"), [0, 0], [R, C], h_rint)
        r7 = pl.store(pl.cast(tx, target_type=pl.FP16, mode="round"), [0, 0], [R, C], h_round)
        r8 = pl.store(pl.cast(tx, target_type=pl.FP16, mode="floor"), [0, 0], [R, C], h_floor)
        r9 = pl.store(pl.cast(tx, target_type=pl.FP16, mode="ceil"), [0, 0], [R, C], h_ceil)
        r10 = pl.store(pl.cast(tx, target_type=pl.FP16, mode="trunc"), [0, 0], [R, C], h_trunc)
        r11 = pl.store(pl.cast(tx, target_type=pl.FP16, mode="odd"), [0, 0], [R, C], h_odd)
        r12 = pl.store(pl.cast(tx, target_type=pl.BF16, mode="rint"), [0, 0], [R, C], b_rint)
        r13 = pl.store(pl.cast(tx, target_type=pl.BF16, mode="trunc"), [0, 0], [R, C], b_trunc)
        th = pl.load(h, [0, 0], [R, C])
        r14 = pl.store(pl.cast(th, target_type=pl.FP32), [0, 0], [R, C], f_back)
        tn = pl.load(n, [0, 0], [R, C])
        r15 = pl.store(pl.cast(tn, target_type=pl.FP32, mode="rint"), [0, 0], [R, C], f_rint)
        r16 = pl.store(pl.cast(tn, target_type=pl.FP32, mode="trunc"), [0, 0], [R, C], f_trunc)
        return r1
