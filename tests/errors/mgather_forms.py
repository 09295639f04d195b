# pyptocc-flags: --emit=pto
# tile.mgather and tile.mscatter forms the lowering refuses, each where it
# is written: row gathers by a [R, 1] index tile (pypto takes it, pto-isa's
# MGatherCheck takes [1, R] only), and a scatter from a [16, 1] column
# vector (rows of 4 bytes; MScatterCheck wants whole 32-byte blocks).
import pypto.language as pl


@pl.program
class MgatherForms:
    @pl.function(type=pl.FunctionType.InCore)
    def forms(
        self,
        mem: pl.Tensor[[64, 32], pl.FP16],
        col: pl.Tensor[[16, 1], pl.INT32],
        o1: pl.Out[pl.Tensor[[16, 32], pl.FP16]],
        o3: pl.Out[pl.Tensor[[256], pl.INT32]],
    ) -> tuple[pl.Tensor[[16, 32], pl.FP16], pl.Tensor[[256], pl.INT32]]:
        c = pl.load(col, [0, 0], [16, 1])
        a = pl.tile.mgather(mem, c, coalesce="row")
        s1 = pl.store(a, [0, 0], o1)
        s3 = pl.mscatter(c, c, o3)
        return s1, s3
