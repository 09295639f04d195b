# Every vector block op with a seed-05 form, in three kernels: float,
# integer, and compare masks (8-bit) with select and convert; scratch
# operands (prelu, xor, xors, row_min tmp) are dropped.
import pypto.language as pl


@pl.program
class Ops:
    @pl.function(type=pl.FunctionType.InCore)
    def float_ops(self, a: pl.Tensor[[64, 64], pl.FP32], b: pl.Tensor[[64, 64], pl.FP32], c: pl.Tensor[[1, 64], pl.FP32],
                  out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], s: pl.Scalar[pl.FP32], k: pl.Scalar[pl.INT32]) -> pl.Tensor[[64, 64], pl.FP32]:
        ta = pl.load(a, [0, 0], [64, 64])
        tb = pl.load(b, [0, 0], [64, 64])
        col = pl.load(c, [0, 0], [1, 64])
        t1 = pl.sub(ta, tb)
        t2 = pl.mul(t1, tb)
        t3 = pl.div(t2, ta)
        t4 = pl.maximum(t3, ta)
        t5 = pl.minimum(t4, tb)
        t6 = pl.block.addc(t5, ta, tb)
        t7 = pl.block.subc(t6, ta, tb)
        t8 = pl.adds(t7, 1)
        t9 = pl.subs(t8, s)
        t10 = pl.muls(t9, k)
        t11 = pl.divs(t10, 3.0)
        t12 = pl.block.maxs(t11, 0.0)
        t13 = pl.block.mins(t12, 6.0)
        t14 = pl.block.addsc(t13, s, ta)
        t15 = pl.neg(t14)
        t16 = pl.log(t15)
        t17 = pl.sqrt(t16)
        t18 = pl.rsqrt(t17)
        t19 = pl.recip(t18)
        t20 = pl.abs(t19)
        t21 = pl.relu(t20)
        t22 = pl.block.lrelu(t21, 0.1)
        tmp = pl.create_tile([64, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        t23 = pl.block.prelu(t22, ta, tmp)
        t24 = pl.col_expand_mul(t23, col)
        t25 = pl.col_expand_div(t24, col)
        t26 = pl.col_expand_sub(t25, col)
        t27 = pl.col_expand(t26, col)
        rmax = pl.max(t27, axis=1, keepdim=True)
        cmin = pl.min(t27, axis=0, keepdim=True)
        rsum = pl.sum(t27, axis=-1, keepdim=True)
        csum = pl.sum(t27, axis=-2, keepdim=True)
        t28 = pl.row_expand_add(t27, rmax)
        t29 = pl.row_expand_mul(t28, rsum)
        t30 = pl.col_expand_mul(t29, cmin)
        t31 = pl.col_expand_sub(t30, csum)
        tmp_col = pl.create_tile([64, 1], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        rmin = pl.row_min(t31, tmp_col)
        t31b = pl.row_expand_sub(t31, rmin)
        rexp = pl.row_expand(t31b)
        t32 = pl.block.full([64, 64], 2.0, dtype=pl.FP32)
        t33 = pl.expands(t32, s)
        t34 = pl.add(rexp, t33)
        t35 = pl.block.vec_move(t34)
        t36 = pl.transpose(t35, 0, 1)
        t37 = pl.block.view(t36, [32, 64], [32, 0])
        t38 = pl.reshape(t37, [64, 32])
        t39 = pl.reshape(t38, [32, 64])
        r = pl.store(t39, [32, 0], [32, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def int_ops(self, a: pl.Tensor[[32, 32], pl.INT32], b: pl.Tensor[[32, 32], pl.INT32], h: pl.Tensor[[32, 32], pl.INT16],
                out: pl.Out[pl.Tensor[[32, 32], pl.INT32]], out16: pl.Out[pl.Tensor[[32, 32], pl.INT16]],
                n: pl.Scalar[pl.INT64]) -> pl.Tensor[[32, 32], pl.INT32]:
        ta = pl.load(a, [0, 0], [32, 32])
        tb = pl.load(b, [0, 0], [32, 32])
        th = pl.load(h, [0, 0], [32, 32])
        tmp = pl.create_tile([32, 32], dtype=pl.INT32, target_memory=pl.MemorySpace.Vec)
        t1 = pl.block.and_(ta, tb)
        t2 = pl.block.or_(t1, tb)
        t3 = pl.block.shl(t2, tb)
        t4 = pl.block.shr(t3, tb)
        t5 = pl.block.xor(t4, tb, tmp)
        t6 = pl.block.rem(t5, tb)
        t7 = pl.block.ands(t6, 255)
        t8 = pl.block.ors(t7, n)
        t9 = pl.block.shls(t8, 2)
        t10 = pl.block.shrs(t9, 1)
        t11 = pl.block.xors(t10, 7, tmp)
        t12 = pl.block.rems(t11, pl.const(5, pl.INT32))
        hn = pl.block.not_(th)
        r = pl.store(t12, [0, 0], [32, 32], out)
        r16 = pl.store(hn, [0, 0], [32, 32], out16)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def masks(self, a: pl.Tensor[[32, 32], pl.INT8], b: pl.Tensor[[32, 32], pl.INT8], x: pl.Tensor[[32, 32], pl.FP16],
              out: pl.Out[pl.Tensor[[32, 32], pl.FP16]], out32: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP16]:
        ta = pl.load(a, [0, 0], [32, 32])
        tb = pl.load(b, [0, 0], [32, 32])
        tx = pl.load(x, [0, 0], [32, 32])
        m = pl.cmp(ta, tb, cmp_type=2)
        m2 = pl.cmps(m, pl.const(0, pl.INT8), cmp_type=5)
        sel = pl.block.sel(m2, tx, tx)
        wide = pl.cast(sel, target_type=pl.FP32, mode="rint")
        r32 = pl.store(wide, [0, 0], [32, 32], out32)
        r = pl.store(sel, [0, 0], [32, 32], out)
        return r
