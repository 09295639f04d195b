# Block and system ops seed 05 cannot express, each named.
# pyptocc-flags: --emit=pto-tile
import pypto.language as pl


@pl.program
class NoForm:
    @pl.function(type=pl.FunctionType.InCore)
    def vector(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        p = pl.block.fillpad(t)
        i = pl.block.get_block_idx()
        s = pl.block.sels(p, t, 1)
        pl.system.bar_v()
        r = pl.store(s, [i, 0], [64, 64], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def cube(self, a: pl.Tensor[[64, 64], pl.FP16], bias: pl.Tensor[[1, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        l = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Left)
        r = pl.move(pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat), target_memory=pl.MemorySpace.Right)
        b = pl.load(bias, [0, 0], [1, 64], target_memory=pl.MemorySpace.Mat)
        c = pl.matmul_bias(l, r, b)
        d = pl.block.batch_matmul(l, r)
        o = pl.store(c, [0, 0], [64, 64], out)
        o2 = pl.store(d, [0, 0], [64, 64], o)
        return o2
