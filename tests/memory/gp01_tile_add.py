# pyptocc-flags: --passes=default,init_memref,memory_reuse,allocate_memory_addr
# GP1 after the memory passes: the text of passes.md 5.8, byte for byte.
# tile_c cannot reuse tile_a's MemRef: the add both reads tile_a and
# defines tile_c, so their intervals touch.
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
