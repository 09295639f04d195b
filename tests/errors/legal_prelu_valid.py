# pyptocc-flags: --emit=pto
# On a2a3, pl.tile.prelu's scratch is a select mask whose rows follow the
# result's, and PTOAS 0.60 refuses a result whose valid shape is known
# only at run time (pypto's own test programs reached PTOAS with one):
# Legalize reports it.  A static valid shape is fine.
import pypto.language as pl


@pl.program
class PreluValid:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 16], pl.FP32],
        s: pl.Tensor[[16, 16], pl.FP32],
        rows: pl.Scalar[pl.INDEX],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        tmp = pl.tile.create([17, 32], dtype=pl.UINT8)
        a = pl.load(x, [0, 0], [16, 16], valid_shape=[rows, 16])
        b = pl.load(s, [0, 0], [16, 16], valid_shape=[rows, 16])
        r = pl.tile.prelu(a, b, tmp)
        c = pl.load(x, [0, 0], [16, 16], valid_shape=[8, 16])
        d = pl.load(s, [0, 0], [16, 16], valid_shape=[8, 16])
        q = pl.tile.prelu(c, d, tmp)
        y = pl.store(q, [0, 0], y)
        return pl.store(r, [0, 0], y)
