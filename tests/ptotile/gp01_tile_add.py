# GP1 (printer.md 10, tests/golden/gp01_tile_add.py): the sketch at the end of
# pto-mlir.md 13, byte for byte.
import pypto.language as pl

@pl.program
class BlockExample:
    @pl.function
    def tile_add(self, input_a: pl.Tensor[[64, 64], pl.FP32], input_b: pl.Tensor[[64, 64], pl.FP32],
                 output: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        tile_a: pl.Tile[[64, 64], pl.FP32] = pl.load(input_a, [0, 0], [64, 64])
        tile_b: pl.Tile[[64, 64], pl.FP32] = pl.load(input_b, [0, 0], [64, 64])
        tile_c: pl.Tile[[64, 64], pl.FP32] = pl.add(tile_a, tile_b)
        result: pl.Tensor[[64, 64], pl.FP32] = pl.store(tile_c, [0, 0], [64, 64], output)
        return result
