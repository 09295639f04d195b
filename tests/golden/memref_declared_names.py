# Declared allocations bound to module-level names (dev/language/
# 00-python_syntax.md, "Declared Allocations"): an unnamed pl.MemRef()
# takes its variable's name, pl.MemRef("name") gives one, and a
# declaration of slots= is indexed, by a constant or by the loop variable.
import pypto.language as pl

ping = pl.MemRef()
pong = pl.MemRef()
acc = pl.MemRef("acc_buf")
ROT = pl.MemRef(slots=2)


@pl.program
class Declared:
    @pl.function(type=pl.FunctionType.InCore)
    def declared(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t0: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t1: pl.Tile[[64, 64], pl.FP32, pong, pl.Mem.Vec] = pl.exp(t0)
        t2: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = pl.exp(t1)
        s: pl.Tile[[64, 64], pl.FP32, ROT[0], pl.Mem.Vec] = pl.add(t2, t1)
        for i, (c,) in pl.range(4, init_values=(s,)):
            r: pl.Tile[[64, 64], pl.FP32, ROT[i % 2], pl.Mem.Vec] = pl.add(c, t0)
            c2 = pl.yield_(r)
        d: pl.Tile[[64, 64], pl.FP32, acc, pl.Mem.Vec] = pl.mul(c2, 2.0)
        return pl.store(d, [0, 0], out)
