# pyptocc-flags: --emit=pto
# A2/A3 moves a tile within Vec as it is held (PTOAS 0.60: "expects A2/A3
# non-mat tmov to use matching src/dst shapes"): a row of 128 FP32 moved
# into the cube's NZ boxes in Vec is held as 16 rows there, one box high,
# so the move is refused where it is written (and the move back).  Sixteen
# rows move (good).
import pypto.language as pl


@pl.program
class NzMove:
    @pl.function(type=pl.FunctionType.AIV)
    def good(self, x: pl.Tensor[[16, 128], pl.FP32], y: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 128])
        nz = pl.move(t, target_memory=pl.MemorySpace.Vec, blayout=pl.TileLayout.col_major,
                     slayout=pl.TileLayout.row_major)
        back = pl.move(nz, target_memory=pl.MemorySpace.Vec)
        return pl.store(back, [0, 0], y)

    @pl.function(type=pl.FunctionType.AIV)
    def one_row(self, x: pl.Tensor[[1, 128], pl.FP32], y: pl.Out[pl.Tensor[[1, 128], pl.FP32]]) -> pl.Tensor[[1, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [1, 128])
        nz = pl.move(t, target_memory=pl.MemorySpace.Vec, blayout=pl.TileLayout.col_major,
                     slayout=pl.TileLayout.row_major)
        back = pl.move(nz, target_memory=pl.MemorySpace.Vec)
        return pl.store(back, [0, 0], y)
