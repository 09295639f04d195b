# pyptocc-flags: --passes=default
# A Tile annotation that names only a space (pl.MemorySpace.Left) on a
# value given other layouts (a move with blayout= and slayout=) disagrees
# with the inferred type: a warning, as any such disagreement is, and the
# value's type stands (it was a Verify error: the variable took the
# space's layout and its value kept its own).
import pypto.language as pl


@pl.program
class AnnotationSpaceLayout:
    @pl.function(type=pl.FunctionType.InCore)
    def f(
        self,
        x: pl.Tensor[[16, 128], pl.BF16],
        y: pl.Tensor[[128, 64], pl.BF16],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        x_mat = pl.load(x, [0, 0], [16, 128], target_memory=pl.MemorySpace.Mat)
        x_left: pl.Tile[[16, 128], pl.BF16, pl.MemorySpace.Left] = pl.move(
            x_mat,
            target_memory=pl.MemorySpace.Left,
            blayout=pl.TileLayout.col_major,
            slayout=pl.TileLayout.row_major,
        )
        y_mat = pl.load(y, [0, 0], [128, 64], target_memory=pl.MemorySpace.Mat)
        z = pl.matmul(x_left, pl.move(y_mat, target_memory=pl.MemorySpace.Right))
        return pl.store(z, [0, 0], out)
