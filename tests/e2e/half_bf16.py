# 16-bit float data (FP16 and BF16 tensors, tiles and scalar parameters):
# add, mul, exp, muls by an FP16 constant, adds of the FP16 scalar, full,
# row_max on FP16; add, sub, mul, maximum, adds of the BF16 scalar on BF16;
# a BF16 result cast to FP32.  (A 16-bit float scalar parameter did not
# compile with a class-type half or bfloat16_t: the entry's union.)
import pypto.language as pl

R = 16
C = 64


@pl.program
class HalfBf16:
    @pl.function(type=pl.FunctionType.InCore)
    def half_bf16(
        self,
        a: pl.Tensor[[R, C], pl.FP16],
        b: pl.Tensor[[R, C], pl.FP16],
        c: pl.Tensor[[R, C], pl.BF16],
        d: pl.Tensor[[R, C], pl.BF16],
        s: pl.Scalar[pl.FP16],
        sb: pl.Scalar[pl.BF16],
        h_add: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        h_expmul: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        h_affine: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        h_full: pl.Out[pl.Tensor[[R, C], pl.FP16]],
        h_rmax: pl.Out[pl.Tensor[[R, 1], pl.FP16]],
        b_add: pl.Out[pl.Tensor[[R, C], pl.BF16]],
        b_mul: pl.Out[pl.Tensor[[R, C], pl.BF16]],
        b_max: pl.Out[pl.Tensor[[R, C], pl.BF16]],
        b_adds: pl.Out[pl.Tensor[[R, C], pl.BF16]],
        f_sub: pl.Out[pl.Tensor[[R, C], pl.FP32]],
    ) -> pl.Tensor[[R, C], pl.FP16]:
        ta = pl.load(a, [0, 0], [R, C])
        tb = pl.load(b, [0, 0], [R, C])
        r1 = pl.store(pl.add(ta, tb), [0, 0], [R, C], h_add)
        r2 = pl.store(pl.exp(pl.mul(ta, tb)), [0, 0], [R, C], h_expmul)
        t3 = pl.muls(ta, pl.const(0.5, pl.FP16))
        r3 = pl.store(pl.adds(t3, s), [0, 0], [R, C], h_affine)
        full = pl.block.full([R, C], -1.5, dtype=pl.FP16)
        r4 = pl.store(pl.mul(full, tb), [0, 0], [R, C], h_full)
        tmp = pl.create_tile([R, C], dtype=pl.FP16, target_memory=pl.MemorySpace.Vec)
        r5 = pl.store(pl.row_max(ta, tmp), [0, 0], [R, 1], h_rmax)
        tc = pl.load(c, [0, 0], [R, C])
        td = pl.load(d, [0, 0], [R, C])
        r6 = pl.store(pl.add(tc, td), [0, 0], [R, C], b_add)
        r7 = pl.store(pl.mul(tc, td), [0, 0], [R, C], b_mul)
        r8 = pl.store(pl.maximum(tc, td), [0, 0], [R, C], b_max)
        r10 = pl.store(pl.adds(tc, sb), [0, 0], [R, C], b_adds)
        r9 = pl.store(pl.cast(pl.sub(tc, td), target_type=pl.FP32), [0, 0], [R, C], f_sub)
        return r1
