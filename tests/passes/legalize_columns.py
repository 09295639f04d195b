# pyptocc-flags: --passes=default,legalize
# Legalize: column vectors [M, 1] are col_major in their types; the ops
# that take row-major operands only (tile-scalar, unary, elementwise, cast,
# full) run on their [1, M] row forms, reshapes that share storage, and a
# reshape back to [M, 1] is kept only where something uses it.  What
# PTOAS and pto-isa reject otherwise: 'pto.trsqrt' op expects src to use
# the row_major blayout; TMULS: TileType of src and dst tiles must be Row
# Major (issue 11).
import pypto.language as pl


@pl.program
class Columns:
    @pl.function(type=pl.FunctionType.InCore)
    def norm(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        tmp = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        ss = pl.row_sum(pl.mul(t, t), tmp)
        r = pl.rsqrt(pl.adds(pl.muls(ss, 1.0 / 64), 1e-6))
        half = pl.cast(r, target_type=pl.FP16)
        back = pl.cast(half, target_type=pl.FP32)
        n = pl.row_expand_mul(t, back)
        out = pl.store(n, [0, 0], [16, 64], y)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def running_max(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.block.full([16, 1], dtype=pl.FP32, value=-1e30)
        tmp = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        for i, (m,) in pl.range(0, 64, 16, init_values=(m0,)):
            t = pl.load(x, [i, 0], [16, 64])
            mx = pl.row_max(t, tmp)
            m_new = pl.maximum(m, mx)
            m = pl.yield_(m_new)
        t = pl.load(x, [0, 0], [16, 64])
        e = pl.row_expand_sub(t, m)
        out = pl.store(e, [0, 0], [16, 64], y)
        return out
