# Today's printed allocations, misused: pl.tile.alloc(memory_space, size)
# only, and the name of an allocation is not a value.
import pypto.language as pl


@pl.program
class BadAllocs:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        mem_vec_2: pl.Ptr = pl.tile.alloc(pl.Mem.Vec)
        mem_vec_3: pl.Ptr = pl.tile.alloc(16384, pl.Mem.Vec)
        mem_vec_4: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, -1)
        mem_vec_5: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 64, scratch=True)
        mem_vec_6: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16384)
        t: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])
        u: pl.Tile[[64, 64], pl.FP32] = pl.add(t, mem_vec_6)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.store(u, [0, 0], out)
        return o
