import pypto.language as pl


# A Tile annotation that writes a memory space and a TileView without a
# layout: the layout is the space's (Mat: the NZ boxes; Acc: the
# accumulator's), as the value's deduction gives it.
@pl.program
class TileViewSpace:
    @pl.function(type=pl.FunctionType.InCore)
    def partial_rows(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
                     out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a_mat: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[5, 16])] = pl.load(
            a, [0, 0], [16, 16], valid_shape=[5, 16], target_memory=pl.Mem.Mat)
        b_mat: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[5, 16])] = pl.matmul(
            pl.move(a_mat, target_memory=pl.Mem.Left), pl.move(b_mat, target_memory=pl.Mem.Right))
        return pl.store(c, [0, 0], out)
