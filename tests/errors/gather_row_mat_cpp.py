# pyptocc-flags: --emit=cpp
# tile.gather_row into a Mat tile has a PTO form (tests/pto/gather_row_mat.py)
# and no C++ one yet: its sub-view's address is the NZ layout's, and the
# runtime keeps a Mat tile's elements without their boxes.
import pypto.language as pl


@pl.program
class GatherRowMatCpp:
    @pl.function(type=pl.FunctionType.InCore)
    def gather_mat(
        self, pool: pl.Tensor[[64, 32], pl.FP16], eye: pl.Tensor[[32, 32], pl.FP16],
        out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]
    ) -> pl.Tensor[[32, 32], pl.FP32]:
        kv = pl.tile.create([32, 32], dtype=pl.FP16, target_memory=pl.Mem.Mat)
        for i in pl.range(32):
            kv = pl.tile.gather_row(kv, pool, [i, 0], [63 - i, 0], [1, 32])
        a = pl.load(eye, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        lhs = pl.move(a, target_memory=pl.Mem.Left)
        rhs = pl.move(kv, target_memory=pl.Mem.Right)
        return pl.l0c_store(pl.matmul(lhs, rhs), [0, 0], [32, 32], out)
