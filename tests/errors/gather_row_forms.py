# pyptocc-flags: --emit=pto
# tile.gather_row forms Legalize refuses (targets/legal_gather_row.c): a
# transposing load (it needs a DN view of the source); a column offset of
# a Vec sub-view that is not whole 32-byte blocks, and one known only at
# run time; a constant row of a Mat sub-view off its 16-row boxes (PTOAS
# 0.60: "boxed layout subview offsets must be multiples of inner shape"),
# and a column off its 16-column boxes.
import pypto.language as pl


@pl.program
class GatherRowForms:
    @pl.function(type=pl.FunctionType.InCore)
    def forms(
        self, src: pl.Tensor[[256, 128], pl.FP16], c: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 128], pl.FP16]]
    ) -> pl.Tensor[[16, 128], pl.FP16]:
        v = pl.tile.full([16, 128], dtype=pl.FP16, value=0.0)
        v = pl.tile.gather_row(v, src, [0, 0], [0, 0], [16, 16], transpose=True)
        v = pl.tile.gather_row(v, src, [1, 8], [0, 0], [1, 32])
        v = pl.tile.gather_row(v, src, [1, c], [0, 0], [1, 32])
        return pl.store(v, [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def mat_forms(
        self, src: pl.Tensor[[256, 32], pl.FP16], a: pl.Tensor[[32, 32], pl.FP16], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]
    ) -> pl.Tensor[[32, 32], pl.FP32]:
        m = pl.tile.create([32, 32], dtype=pl.FP16, target_memory=pl.Mem.Mat)
        m = pl.tile.gather_row(m, src, [3, 0], [0, 0], [1, 32])
        m = pl.tile.gather_row(m, src, [16, 8], [0, 0], [1, 16])
        lhs = pl.move(pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        return pl.l0c_store(pl.matmul(lhs, pl.move(m, target_memory=pl.Mem.Right)), [0, 0], [32, 32], out)
