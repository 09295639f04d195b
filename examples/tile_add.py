# Element-wise addition of two 128x128 tensors, one tile at a time.
#
#   pyptocc --emit=py tile_add.py       prints the IR
#   pyptocc tile_add.py -o tile_add.pto PTO-IR for the PTOAS assembler
import pypto.language as pl

ROWS = 128
COLS = 128
TILE = [64, 128]


@pl.program
class TileAdd:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_add(
        self,
        a: pl.Tensor[[ROWS, COLS], pl.FP32],
        b: pl.Tensor[[ROWS, COLS], pl.FP32],
        c: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        """Two row blocks of 64 rows each."""
        for i, (acc,) in pl.range(0, ROWS, 64, init_values=(c,)):
            tile_a: pl.Tile[[64, 128], pl.FP32] = pl.load(a, [i, 0], TILE)
            tile_b: pl.Tile[[64, 128], pl.FP32] = pl.load(b, [i, 0], TILE)
            tile_c: pl.Tile[[64, 128], pl.FP32] = pl.add(tile_a, tile_b)
            stored: pl.Tensor[[ROWS, COLS], pl.FP32] = pl.store(tile_c, [i, 0], TILE, acc)
            acc = pl.yield_(stored)
        return acc

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[ROWS, COLS], pl.FP32],
        b: pl.Tensor[[ROWS, COLS], pl.FP32],
        c: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
        result = self.tile_add(a, b, c)
        return result
