# pyptocc-flags: --passes=default
# An annotation that names only a tile's memory space (pl.Mem.Mat,
# pl.Mem.Acc) gives the space's layout and nothing more: the value's own
# view stays, here the 8 valid rows of a product of a partly valid
# operand, which an annotated Acc type must not drop.
import pypto.language as pl


@pl.program
class AnnotationSpaceValid:
    @pl.function(type=pl.FunctionType.InCore)
    def product(self, a: pl.Tensor[[16, 64], pl.BF16], b: pl.Tensor[[64, 64], pl.BF16],
                out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        a_mat: pl.Tile[[16, 64], pl.BF16, pl.Mem.Mat] = pl.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        a_part = pl.tile.set_validshape(a_mat, 8, 64)
        b_mat: pl.Tile[[64, 64], pl.BF16, pl.Mem.Mat] = pl.load(b, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        y: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(pl.move(a_part, target_memory=pl.Mem.Left),
                                                                   pl.move(b_mat, target_memory=pl.Mem.Right))
        out = pl.store(y, [0, 0], out)
        return out
