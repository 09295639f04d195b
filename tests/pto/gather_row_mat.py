# tile.gather_row into a Mat tile, the paged-gather pattern: rows of a pool
# loaded straight into the L1 operand of a matrix product (PTO: pto.subview
# of the tile's buffer, sized in whole 16-row boxes of 32-byte rows, valid
# as the transfer, and pto.tload into it).  kv [32, 32] FP16 takes pool
# rows 32-63 (a window of the whole tile), then over its first n rows pool
# rows 0..n - 1 (a run-time valid_shape), then in a loop its rows 20-23
# pool rows 9 i (a run-time row: PTO takes a constant row of a Mat
# sub-view at whole boxes only); out = eye @ kv.  Its C++ output with
# numbers: tests/e2e/gather_row_mat.py.
import pypto.language as pl


@pl.program
class GatherRowMat:
    @pl.function(type=pl.FunctionType.InCore)
    def gather_mat(
        self, pool: pl.Tensor[[64, 32], pl.FP16], eye: pl.Tensor[[32, 32], pl.FP16], n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]
    ) -> pl.Tensor[[32, 32], pl.FP32]:
        kv = pl.tile.create([32, 32], dtype=pl.FP16, target_memory=pl.Mem.Mat)
        kv = pl.tile.gather_row(kv, pool, [0, 0], [32, 0], [32, 32])
        kv = pl.tile.gather_row(kv, pool, [0, 0], [0, 0], [32, 32], valid_shape=[n, 32])
        for i in pl.range(4):
            kv = pl.tile.gather_row(kv, pool, [i + 20, 0], [i * 9, 0], [1, 32])
        a = pl.load(eye, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        lhs = pl.move(a, target_memory=pl.Mem.Left)
        rhs = pl.move(kv, target_memory=pl.Mem.Right)
        return pl.l0c_store(pl.matmul(lhs, rhs), [0, 0], [32, 32], out)
