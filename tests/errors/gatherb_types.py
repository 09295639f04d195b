# pyptocc-flags: -fsyntax-only
# What tile.gatherb refuses: offsets that are not UINT32, offset rows that
# are not whole 32-byte blocks (a multiple of 8 offsets), an output_dtype
# that is no 1-, 2- or 4-byte type.
import pypto.language as pl


@pl.program
class GatherbTypes:
    @pl.function(type=pl.FunctionType.InCore)
    def types(
        self,
        x: pl.Tensor[[8, 32], pl.FP32],
        i: pl.Tensor[[8, 8], pl.INT32],
        u: pl.Tensor[[8, 12], pl.UINT32],
        v: pl.Tensor[[8, 8], pl.UINT32],
    ) -> pl.Tensor[[8, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 32])
        a = pl.tile.gatherb(t, pl.load(i, [0, 0], [8, 8]))
        b = pl.tile.gatherb(t, pl.load(u, [0, 0], [8, 12]))
        c = pl.tile.gatherb(t, pl.load(v, [0, 0], [8, 8]), output_dtype=pl.INT64)
        return x
