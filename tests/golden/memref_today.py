# Today's MemRef forms in types (pypto docs/en/dev/language/00-python_syntax.md):
# pl.MemRef(base, byte_offset, size) with a string or bare-name base, the
# one-argument declaration pl.MemRef("name"), and a slot of a declaration,
# pl.MemRef("name", slots=N)[k], with a constant or a run-time index.  The
# space is the type's: DDR for a Tensor, the Tile's pl.Mem.X written after
# the MemRef.  The same name and address is the same MemRef (one id); the
# printer spells those without an alloc statement in full.
import pypto.language as pl


@pl.program
class Today:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32, pl.MemRef("mem_ddr_0", 0, 16384)],
          out: pl.Out[pl.Tensor[[64, 64], pl.FP32, pl.MemRef(mem_ddr_1, 0, 16384)]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t0: pl.Tile[[64, 64], pl.FP32, pl.MemRef("ping"), pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t1: pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", slots=2)[1], pl.Mem.Vec] = pl.exp(t0)
        t2: pl.Tile[[64, 64], pl.FP32, pl.MemRef("ping"), pl.Mem.Vec] = pl.exp(t1)
        t3: pl.Tile[[64, 64], pl.FP32, pl.MemRef("mem_vec_4", 32768, 16384), pl.Mem.Vec] = pl.add(t2, t0)
        for i in pl.range(2):
            t4: pl.Tile[[64, 64], pl.FP32, pl.MemRef("buf", slots=2)[i % 2], pl.Mem.Vec] = pl.exp(t3)
        o: pl.Tensor[[64, 64], pl.FP32, pl.MemRef("mem_ddr_1", 0, 16384)] = pl.store(t3, [0, 0], out)
        return o
