# Windows of Mat tiles (pl.slice / pl.tile.slice) as the cube's operands
# (CanonicalizeTileSlice): each move, extract or matmul of a window reads
# its base tile at the window's offset (TEXTRACT into Left or Right), so
# the kernel stays a cube kernel.  A window of a window is one offset.
#   r = a[:, 0:64] @ b[0:64, :] + a[:, 64:128] @ b[64:128, :]  (= a @ b)
#   s = a[16:32, 64:128] @ b[64:128, 0:32]
import pypto.language as pl


@pl.program
class MatSliceOperands:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[32, 128], pl.FP16],
        b: pl.Tensor[[128, 64], pl.FP16],
        r: pl.Out[pl.Tensor[[32, 64], pl.FP32]],
        s: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> tuple[pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        a_mat = pl.load(a, [0, 0], [32, 128], target_memory=pl.Mem.Mat)
        b_mat = pl.load(b, [0, 0], [128, 64], target_memory=pl.Mem.Mat)
        a_lo = pl.slice(a_mat, [32, 64], [0, 0])
        a_hi = pl.slice(a_mat, [32, 64], [0, 64])
        b_lo = pl.slice(b_mat, [64, 64], [0, 0])
        b_hi = pl.slice(b_mat, [64, 64], [64, 0])
        a_lo_left = pl.move(a_lo, target_memory=pl.Mem.Left)
        b_lo_right = pl.tile.extract(b_lo, 0, 0, [64, 64], target_memory=pl.Mem.Right)
        acc = pl.matmul(a_lo_left, b_lo_right)
        acc = pl.matmul_acc(acc, a_hi, b_hi)
        r = pl.store(acc, [0, 0], r)
        a_hi_low_rows = pl.slice(a_hi, [16, 64], [16, 0])
        b_hi_left_cols = pl.slice(b_hi, [64, 32], [0, 0])
        corner = pl.matmul(a_hi_low_rows, b_hi_left_cols)
        s = pl.store(corner, [0, 0], s)
        return r, s
