# Matrix multiply with moves for --arch=a5: pto.target a5, and Left tiles
# in the a5 layout (Nz).
# pyptocc-flags: --arch=a5
import pypto.language as pl


@pl.program
class Matmul:
    @pl.function(type=pl.FunctionType.InCore)
    def matmul(self, a: pl.Tensor[[64, 64], pl.FP16], b: pl.Tensor[[64, 64], pl.FP16],
               c: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        tile_a_l1 = pl.load(a, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        tile_b_l1 = pl.load(b, [0, 0], [64, 64], target_memory=pl.MemorySpace.Mat)
        tile_a_l0a = pl.move(tile_a_l1, target_memory=pl.MemorySpace.Left)
        tile_b_l0b = pl.move(tile_b_l1, target_memory=pl.MemorySpace.Right)
        tile_c_l0c = pl.matmul(tile_a_l0a, tile_b_l0b)
        out = pl.store(tile_c_l0c, [0, 0], [64, 64], c)
        return out
