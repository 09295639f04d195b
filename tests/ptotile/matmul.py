# Matrix multiply with moves (pto-mlir.md 11.2 in seed syntax): Mat loads
# (layout Nz), pto.tile.mov.m2l/m2r to Left (Zz on a2a3) and Right (Zn),
# pto.tile.matmul into Acc, and a store from Acc.
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
