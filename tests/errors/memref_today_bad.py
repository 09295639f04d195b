# Today's MemRef forms, misused: each a located error.
import pypto.language as pl


@pl.program
class BadMemRefs:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32, pl.MemRef("mem_ddr_0", 0, 16384)],
          out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        n: pl.Scalar[pl.INDEX] = 64
        t0: pl.Tile[[64, 64], pl.FP32, pl.MemRef("ping")] = pl.load(a, [0, 0], [64, 64])
        t1: pl.Tile[[64, 64], pl.FP32, pl.MemRef("ring", slots=2), pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t2: pl.Tile[[64, 64], pl.FP32, pl.MemRef("ping")[0], pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t3: pl.Tile[[64, 64], pl.FP32, pl.MemRef("ring", slots=2)[2], pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t4: pl.Tile[[64, 64], pl.FP32, pl.MemRef("ring", slots=0)[0], pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t5: pl.Tile[[64, 64], pl.FP32, pl.MemRef("scratch", n, 16384), pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t6: pl.Tile[[64, 64], pl.FP32, pl.MemRef("", 0, 16384), pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t7: pl.Tile[[64, 64], pl.FP32, pl.MemRef("mem_vec_1", 0, 16384, pad=1), pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t8: pl.Tile[[64, 64], pl.FP32, pl.MemRef(5, 0), pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        t9: pl.Tile[[64, 64], pl.FP32, pl.MemRef("pong"), pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        u9: pl.Tile[[64, 64], pl.FP32, pl.MemRef("pong"), pl.Mem.Mat] = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        u8: pl.Tile[[64, 64], pl.FP32, pl.MemRef("mem_vec_9", 0, -4), pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        o: pl.Tensor[[64, 64], pl.FP32] = pl.store(t9, [0, 0], out)
        return o
