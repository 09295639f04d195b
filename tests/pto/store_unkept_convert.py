# A store whose result is not kept obeys the same rules as one that is
# (the fuzz corpus found it: tests/fuzz/regressions/store_unkept_dtype).
# Legalize rewrote only assignments, so an unkept store of an FP32 Vec
# tile into an FP16 tensor printed a pto.tstore that PTOAS rejects ("src
# and dst element types to have the same bitwidth") and a TSTORE that
# pto-isa rejects; now both stores convert first (pto.tcvt), the unkept
# one through a fresh variable _t.  InitMemRef checks the spaces of
# unkept stores and moves too.
import pypto.language as pl


@pl.program
class StoreUnkept:
    @pl.function(type=pl.FunctionType.InCore)
    def vec(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Out[pl.Tensor[[16, 64], pl.FP16]],
            z: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        t = pl.load(x, [0, 0], [16, 64])
        pl.store(t, [0, 0], [16, 64], z)
        r = pl.store(t, [0, 0], [16, 64], y)
        return r
