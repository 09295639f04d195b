# A kernel stores a tile, then reads elements of what it stored and writes
# elements of global memory from the scalar unit: InsertSync orders the
# scalar reads after the store (MTE3 -> S) and the scalar writes of out
# after it too, by the tensor's MemRef.  diag takes out's diagonal, one
# element a step of a loop that carries the tensor in global memory, and
# out[0, 0] is overwritten with 1 + out[3, 5].  A second kernel writes an
# element of a tile it computes (TSETVAL), then stores the tile.  A third
# writes an element of its InOut tensor, then loads the tensor (S -> MTE2).
import pypto.language as pl


@pl.program
class KernelStoreRead:
    @pl.function(type=pl.FunctionType.InCore)
    def store_read(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
                   diag: pl.Out[pl.Tensor[[1, 16], pl.FP32]]
                   ) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[1, 16], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 16])
        out = pl.store(pl.mul(t, 2.0), [0, 0], out)
        for j in pl.range(16):
            diag = pl.write(diag, [0, j], pl.read(out, [j, j]))
        v = pl.read(out, [3, 5])
        out = pl.write(out, [0, 0], v + 1.0)
        return out, diag

    @pl.function(type=pl.FunctionType.InCore)
    def tile_write(self, x: pl.Tensor[[8, 16], pl.FP32], y: pl.Out[pl.Tensor[[8, 16], pl.FP32]]
                   ) -> pl.Tensor[[8, 16], pl.FP32]:
        s = pl.add(x, 1.0)
        s = pl.write(s, [2, 7], pl.read(x, [0, 1]) * 10.0)
        y = pl.assemble(y, s, [0, 0])
        return y

    @pl.function(type=pl.FunctionType.InCore)
    def write_load(self, w: pl.InOut[pl.Tensor[[8, 16], pl.FP32]], z: pl.Out[pl.Tensor[[8, 16], pl.FP32]]
                   ) -> tuple[pl.Tensor[[8, 16], pl.FP32], pl.Tensor[[8, 16], pl.FP32]]:
        w = pl.write(w, [1, 2], 5.0)
        t = pl.load(w, [0, 0], [8, 16])
        z = pl.store(pl.add(t, 1.0), [0, 0], z)
        return w, z
