# tile.gather_row into a Mat tile, then a matrix product with it: the C++
# output's sub-view is a Tile at an address inside the NZ tile's boxes
# (the destination's rows high, at its address plus row * 32 bytes plus
# the column's box), which pto-isa's CPU simulator and pyptocc's runtime
# both keep box by box.  kv [64, 32] FP16 (two columns of 16-column
# boxes, four boxes high): rows 0-47 pool row (5 i + first) % 128, one
# per loop iteration (a run-time row); rows 48-63 a window of sixteen
# whole rows, pool rows first..first + 15; then rows 16-31 of columns
# 16-31 a narrower window, pool rows 100-115 columns 0-15.
# out = q @ kv.
import pypto.language as pl


@pl.program
class GatherRowMat:
    @pl.function(type=pl.FunctionType.InCore)
    def gather_mm(
        self, pool: pl.Tensor[[128, 32], pl.FP16], q: pl.Tensor[[16, 64], pl.FP16], first: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
    ) -> pl.Tensor[[16, 32], pl.FP32]:
        kv = pl.tile.create([64, 32], dtype=pl.FP16, target_memory=pl.Mem.Mat)
        for i in pl.range(48):
            kv = pl.tile.gather_row(kv, pool, [i, 0], [(i * 5 + first) % 128, 0], [1, 32])
        kv = pl.tile.gather_row(kv, pool, [48, 0], [first, 0], [16, 32])
        kv = pl.tile.gather_row(kv, pool, [16, 16], [100, 0], [16, 16])
        a = pl.load(q, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        lhs = pl.move(a, target_memory=pl.Mem.Left)
        rhs = pl.move(kv, target_memory=pl.Mem.Right)
        return pl.l0c_store(pl.matmul(lhs, rhs), [0, 0], [16, 32], out)
