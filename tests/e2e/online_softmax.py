# The online-softmax update of flash attention over the four 64-column
# blocks of a 16x256 tensor: the running row maximum m and sum l ([16, 1]
# tiles) and an accumulator o ([16, 64]) are carried through the loop,
#   m' = max(m, rowmax(x_b)),  a = exp(m - m'),  p = exp(x_b - m'),
#   l' = l * a + rowsum(p),    o' = o * a + p,
# starting from m = -1e30, l = 0, o = 0.  The outputs are the final m, l
# and o (o = sum over blocks of exp(x_b - m)).
import pypto.language as pl

R = 16
COLS = 256
BC = 64


@pl.program
class OnlineSoftmax:
    @pl.function(type=pl.FunctionType.InCore)
    def online_softmax(
        self,
        x: pl.Tensor[[R, COLS], pl.FP32],
        m_out: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        l_out: pl.Out[pl.Tensor[[R, 1], pl.FP32]],
        o_out: pl.Out[pl.Tensor[[R, BC], pl.FP32]],
    ) -> pl.Tensor[[R, BC], pl.FP32]:
        m0 = pl.block.full([R, 1], -1e30, dtype=pl.FP32)
        l0 = pl.block.full([R, 1], 0.0, dtype=pl.FP32)
        o0 = pl.block.full([R, BC], 0.0, dtype=pl.FP32)
        for j, (m, l, o) in pl.range(0, COLS, BC, init_values=(m0, l0, o0)):
            t = pl.load(x, [0, j], [R, BC])
            tmp = pl.create_tile([R, BC], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
            m_new = pl.maximum(m, pl.row_max(t, tmp))
            a = pl.exp(pl.sub(m, m_new))
            p = pl.exp(pl.row_expand_sub(t, m_new))
            l_new = pl.add(pl.mul(l, a), pl.row_sum(p, tmp))
            o_new = pl.add(pl.row_expand_mul(o, a), p)
            m, l, o = pl.yield_(m_new, l_new, o_new)
        r1 = pl.store(m, [0, 0], [R, 1], m_out)
        r2 = pl.store(l, [0, 0], [R, 1], l_out)
        r3 = pl.store(o, [0, 0], [R, BC], o_out)
        return r3
