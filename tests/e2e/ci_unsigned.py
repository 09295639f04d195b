# Unsigned integer sequences: pl.tile.ci with dtype=pl.UINT32 (ascending
# from a literal) and pl.UINT16 (descending), as pypto accepts them and
# TCI fills them (16- and 32-bit integers, signed or not).
import pypto.language as pl


@pl.program
class CiUnsigned:
    @pl.function(type=pl.FunctionType.InCore)
    def ci_unsigned(
        self,
        up: pl.Out[pl.Tensor[[1, 64], pl.UINT32]],
        down: pl.Out[pl.Tensor[[1, 32], pl.UINT16]],
    ) -> pl.Tensor[[1, 32], pl.UINT16]:
        a = pl.tile.ci(4000000000, [1, 64], dtype=pl.UINT32)
        b = pl.tile.ci(60000, [1, 32], dtype=pl.UINT16, descending=True)
        r1 = pl.store(a, [0, 0], [1, 64], up)
        r2 = pl.store(b, [0, 0], [1, 32], down)
        return r2
