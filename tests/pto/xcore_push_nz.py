# A vector kernel that hands the cube its tile in the cube's NZ boxes
# (pypto's vector-to-cube crossing moves it so before the push): the move
# to Vec with blayout=col_major, slayout=row_major keeps the tile in Vec,
# whose push PTOAS maps to the vector lanes' producer pipe, though its
# layouts are a Mat tile's.  The same tile type written as an annotation
# says Vec too, and the printed program names the space.
import pypto.language as pl


@pl.program
class PushNz:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, w: pl.Tensor[[32, 16], pl.FP16], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        a_mat: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=0)
        a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        w_mat = pl.load(w, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        w_right = pl.move(w_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_left, w_right)
        pl.tfree_to_aiv(a_mat)
        pl.tpush_to_aiv(acc, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(
        self, x: pl.Tensor[[16, 32], pl.FP16], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        nz = pl.move(t, target_memory=pl.MemorySpace.Vec, blayout=pl.TileLayout.col_major,
                     slayout=pl.TileLayout.row_major)
        nz2: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Vec,
                     pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = nz
        pl.tpush_to_aic(nz2, split=0)
        prod: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0)
        r = pl.store(prod, [0, 0], y)
        pl.tfree_to_aic(prod)
        return r
