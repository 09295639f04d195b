# pyptocc-flags: --passes=convert_to_ssa,flatten_call_expr,simplify,verify,init_memref,memory_reuse,allocate_memory_addr
# Tile-scalar ops (cpp.md 4.3, ops.md 5.3): a scalar operand takes the
# tile's element type.  Literals become literals of that type (3 on an FP32
# tile is 3.0f, 0.5 on an FP16 tile (half)0.5f, 1e-05 stays 1e-05f, integer
# tiles take decimals); a variable of another type gets a static_cast.  (An
# FP32 literal on an FP16 tile would promote the result to FP32, which the
# C++ operations refuse: tests/cpp/err_kernel.py.)  The
# integer ops, xors with its IR tmp and rems with its scratch tile, full and
# expands.  Three kernels, called from the orchestration with scalar task
# arguments (cpp.md 6.2 item 8).
import pypto.language as pl


@pl.program
class TileScalar:
    @pl.function(type=pl.FunctionType.InCore)
    def f32_ops(self, a: pl.Tensor[[16, 64], pl.FP32], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INT64],
                out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        ta = pl.block.load(a, [0, 0], [16, 64])
        t1 = pl.block.adds(ta, 3)
        t2 = pl.block.subs(t1, s)
        t3 = pl.block.muls(t2, n)
        t4 = pl.block.divs(t3, 1e-05)
        t5 = pl.block.maxs(t4, 0.0)
        t6 = pl.block.mins(t5, 6.5)
        t7 = pl.block.lrelu(t6, 0.1)
        t8 = pl.block.addsc(t7, s, ta)
        t9 = pl.block.subsc(t8, 2, ta)
        t10 = pl.block.rems(t9, 7)
        t11 = pl.block.expands(t10, n + 1)
        t12 = pl.block.add(t11, t10)
        r = pl.block.store(t12, [0, 0], [16, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def f16_ops(self, a: pl.Tensor[[16, 64], pl.FP16], x: pl.Scalar[pl.FP32],
                out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        ta = pl.block.load(a, [0, 0], [16, 64])
        xh: pl.Scalar[pl.FP16] = pl.cast(x, pl.FP16)
        t1 = pl.block.muls(ta, pl.const(0.5, pl.FP16))
        t2 = pl.block.adds(t1, xh)
        t3 = pl.block.full([16, 64], 2.0, dtype=pl.FP16)
        t4 = pl.block.mul(t2, t3)
        r = pl.block.store(t4, [0, 0], [16, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def i16_ops(self, a: pl.Tensor[[16, 64], pl.INT16], k: pl.Scalar[pl.INT8],
                out: pl.Out[pl.Tensor[[16, 64], pl.INT16]]) -> pl.Tensor[[16, 64], pl.INT16]:
        ta = pl.block.load(a, [0, 0], [16, 64])
        tmp = pl.block.create_tile([16, 64], dtype=pl.INT16, target_memory=pl.MemorySpace.Vec)
        t1 = pl.block.ands(ta, pl.const(255, pl.INT16))
        t2 = pl.block.ors(t1, k)
        t3 = pl.block.shls(t2, pl.const(2, pl.INT16))
        t4 = pl.block.shrs(t3, pl.const(1, pl.INT16))
        t5 = pl.block.xors(t4, pl.const(-1, pl.INT16), tmp)
        t6 = pl.block.full([16, 64], -3, dtype=pl.INT16)
        t7 = pl.block.add(t5, t6)
        r = pl.block.store(t7, [0, 0], [16, 64], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], ah: pl.Tensor[[16, 64], pl.FP16],
             ai: pl.Tensor[[16, 64], pl.INT16]) -> pl.Tensor[[16, 64], pl.FP32]:
        r = pl.create_tensor([16, 64], dtype=pl.FP32)
        rh = pl.create_tensor([16, 64], dtype=pl.FP16)
        ri = pl.create_tensor([16, 64], dtype=pl.INT16)
        scale: pl.Scalar[pl.FP32] = 1.5
        count: pl.Scalar[pl.INT64] = 4
        r = self.f32_ops(a, scale, count, r)
        rh = self.f16_ops(ah, 0.25, rh)
        ri = self.i16_ops(ai, pl.const(5, pl.INT8), ri)
        return r
