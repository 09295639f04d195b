# Tensors are memrefs, which scf does not carry: a loop or an if must pass
# on the tensor it received.  A carried tile keeps one type (location
# included) through the loop or the if.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class Regions:
    @pl.function(type=pl.FunctionType.InCore)
    def regions(self, a: pl.Tensor[[64, 64], pl.FP32], o1: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
                o2: pl.Out[pl.Tensor[[64, 64], pl.FP32]], n: pl.Scalar[pl.INT64]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        if n > 0:
            r = pl.store(t, [0, 0], [64, 64], o1)
        else:
            r = pl.store(t, [0, 0], [64, 64], o2)
        for i, (o,) in pl.range(0, 2, 1, init_values=(o1,)):
            w = pl.store(t, [0, 0], [64, 64], o2)
            o_out = pl.yield_(w)
        for k, (m,) in pl.range(0, 2, 1, init_values=(t,)):
            m2 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
            m_out = pl.yield_(m2)
        if n > 1:
            p = pl.load(a, [0, 0], [64, 64])
        else:
            p = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        q1 = pl.store(m_out, [0, 0], [64, 64], o1)
        q2 = pl.store(p, [0, 0], [64, 64], o1)
        return r
