# pyptocc-flags: -fsyntax-only
# What tile.mgather and tile.mscatter refuse when they are deduced: the
# Mat form with an index tile (it takes a GM index tensor), indices that
# are not INT32, a coalesce or gather_oob that is no mode, a row gather
# from a 1-D table, and a scatter whose indices or output tensor do not
# match its source.
import pypto.language as pl


@pl.program
class MgatherTypes:
    @pl.function(type=pl.FunctionType.InCore)
    def types(
        self,
        mem: pl.Tensor[[64, 32], pl.FP32],
        flat: pl.Tensor[[256], pl.FP32],
        i16: pl.Tensor[[1, 16], pl.INT16],
        idx: pl.Tensor[[1, 16], pl.INT32],
        o16: pl.Out[pl.Tensor[[256], pl.FP16]],
    ) -> pl.Tensor[[256], pl.FP16]:
        i = pl.load(idx, [0, 0], [1, 16])
        h = pl.load(i16, [0, 0], [1, 16])
        a = pl.tile.mgather(mem, i, target_memory=pl.MemorySpace.Mat)
        b = pl.tile.mgather(mem, h)
        c = pl.tile.mgather(mem, i, coalesce="column")
        d = pl.tile.mgather(mem, i, gather_oob=4)
        e = pl.tile.mgather(flat, i)
        t = pl.load(mem, [0, 0], [1, 32])
        f = pl.tile.mscatter(t, i, flat)
        g = pl.tile.mscatter(pl.load(mem, [0, 0], [1, 16]), i, o16)
        return g
