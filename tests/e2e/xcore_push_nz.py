# The vector kernel hands the cube its tile in the cube's NZ boxes, as
# pypto's vector-to-cube crossing does: it moves x into a Vec tile of
# blayout=col_major, slayout=row_major (a Mat tile's layouts, in Vec) and
# pushes that; the cube pops it into Mat, multiplies it by w and pushes the
# product back, which the vector kernel stores: y = x @ w.  The pipe's
# setup is SetupKernelPipes' (the pair writes none).
import pypto.language as pl


@pl.program
class PushNz:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        a_mat: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=0)
        a_left = pl.move(a_mat, target_memory=pl.MemorySpace.Left)
        w_mat = pl.load(w, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        w_right = pl.move(w_mat, target_memory=pl.MemorySpace.Right)
        acc = pl.matmul(a_left, w_right)
        pl.tpush_to_aiv(acc, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def vector(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        nz = pl.move(t, target_memory=pl.MemorySpace.Vec, blayout=pl.TileLayout.col_major,
                     slayout=pl.TileLayout.row_major)
        pl.tpush_to_aic(nz, split=0)
        prod: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tpop_from_aic(split=0)
        r = pl.store(prod, [0, 0], y)
        return r

    @pl.function(type=pl.FunctionType.Group)
    def pair(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        self.cube(x, w, y)
        r = self.vector(x, w, y)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16, 32], pl.FP16],
        w: pl.Tensor[[32, 16], pl.FP16],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        y = self.pair(x, w, y)
        return y
