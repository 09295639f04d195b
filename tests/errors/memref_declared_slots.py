# A declaration of slots= bound to a name is used by slot, in range.
import pypto.language as pl

ROT = pl.MemRef(slots=2)
one = pl.MemRef()


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t0: pl.Tile[[64, 64], pl.FP32, ROT, pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t1: pl.Tile[[64, 64], pl.FP32, ROT[2], pl.Mem.Vec] = pl.exp(t0)
        t2: pl.Tile[[64, 64], pl.FP32, one[0], pl.Mem.Vec] = pl.exp(t1)
        return pl.store(t2, [0, 0], out)
