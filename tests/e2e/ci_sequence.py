# Integer sequences (today's pl.tile.ci, pl.arange): start, start + 1, ...
# along a one-row tile, or start, start - 1, ... when descending; INT32 and
# INT16, a literal start and one passed in.  TCI (pto.tci, with the scratch
# tile PTOAS wants on A2/A3).
import pypto.language as pl


@pl.program
class CiSequence:
    @pl.function(type=pl.FunctionType.InCore)
    def ci_sequence(
        self,
        s: pl.Scalar[pl.INT32],
        up: pl.Out[pl.Tensor[[1, 64], pl.INT32]],
        down: pl.Out[pl.Tensor[[1, 32], pl.INT16]],
        from_s: pl.Out[pl.Tensor[[1, 128], pl.INT32]],
    ) -> pl.Tensor[[1, 128], pl.INT32]:
        a = pl.tile.ci(-5, [1, 64])
        b = pl.tile.ci(100, [1, 32], dtype=pl.INT16, descending=True)
        c = pl.tile.ci(s, [1, 128], dtype=pl.INT32)
        r1 = pl.store(a, [0, 0], [1, 64], up)
        r2 = pl.store(b, [0, 0], [1, 32], down)
        r3 = pl.store(c, [0, 0], [1, 128], from_s)
        return r3
