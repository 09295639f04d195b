# pyptocc-flags: -O2 --passes=convert_to_ssa,flatten_call_expr,outline_incore_scopes,simplify,verify,legalize,chunk_rows
# ChunkRows lays a straight-line kernel out in chunks of unequal rows when
# its estimate of the pipes finds that faster than equal ones: here the
# stores (MTE3) are the slow pipe, so a small first chunk starts them early
# and the chunks double from there (8, 8, 16, 32 rows).  Every chunk's
# loads come first, then every chunk's vector work, then every chunk's
# stores; the constant row offset of the store (8) moves by each chunk's
# first row, and the stores of the output tensor chain from one chunk to
# the next, the last one returned.
import pypto.language as pl


@pl.program
class ChunkStages:
    @pl.function(type=pl.FunctionType.InCore)
    def gelu(self, x: pl.Tensor[[64, 128], pl.FP32],
             y: pl.Out[pl.Tensor[[72, 128], pl.FP32]]) -> pl.Tensor[[72, 128], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 128])
        e = pl.exp(pl.mul(t, -1.702))
        g = pl.div(t, pl.add(e, 1.0))
        return pl.store(g, [8, 0], [64, 128], y)
