# bench/cycles: element-wise addition of two 512x128 FP32 tensors in eight
# 64x128 tiles, one loop iteration per tile (the tile_add example, longer).
import pypto.language as pl

ROWS = 512
COLS = 128
TILE = [64, 128]


@pl.program
class TileAddLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def tile_add_loop(
        self,
        a: pl.Tensor[[ROWS, COLS], pl.FP32],
        b: pl.Tensor[[ROWS, COLS], pl.FP32],
        c: pl.Out[pl.Tensor[[ROWS, COLS], pl.FP32]],
    ) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
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
        result = self.tile_add_loop(a, b, c)
        return result
